// Which files automatic mode may act on: inside a watched folder; never in an excluded folder,
// the plan folder or the config folder; never a note that opted out with `reeve: ignore`.
import { isInFolder } from '../../../dsl/file-records';

export interface AutoScope {
  watchedFolders: readonly string[];
  excludedFolders: readonly string[];
  planFolder: string;
  configDir: string;
}

/** The watched folder `path` is in (the deepest, when watched folders nest), or null. */
export function watchedFolderOf(path: string, scope: AutoScope): string | null {
  const walls = [...scope.excludedFolders, scope.planFolder, scope.configDir, '.trash'];
  if (walls.some((w) => w !== '' && isInFolder(path, w))) return null;
  let best: string | null = null;
  for (const folder of scope.watchedFolders) {
    if (path !== folder && isInFolder(path, folder) && (best === null || folder.length > best.length)) best = folder;
  }
  return best;
}

/** `reeve: ignore` in frontmatter (any case; also as one item of a list) keeps a note out. */
export function optedOut(frontmatter: Record<string, unknown> | null | undefined): boolean {
  if (!frontmatter) return false;
  const key = Object.keys(frontmatter).find((k) => k.toLowerCase() === 'reeve');
  if (key === undefined) return false;
  const value = frontmatter[key];
  const values = Array.isArray(value) ? value : [value];
  return values.some((v) => typeof v === 'string' && v.trim().toLowerCase() === 'ignore');
}
