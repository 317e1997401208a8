// Which naming conventions a folder already follows: the top three seen in its file names, each
// with the share of files that match it. Deterministic (no model): the plugin shows them and the
// user picks one, or none; `namingRenames` then proposes renames for files that do not follow it.
import { extOf } from '../../../vault-vfs/path-safety';
import { CONVENTIONS } from './conventions';

export interface NamingConvention {
  id: string;
  name: string;
  pattern: string;
  /** A name from the folder that follows it. */
  example: string;
  /** Fraction of the names that follow it, 0..1. */
  share: number;
  /** Whether a name can be rewritten into it mechanically (renames are proposed only then). */
  mechanical: boolean;
}

/** `2024-03-02 Meeting.md` -> `2024-03-02 Meeting`; names may come with or without folders. */
function stem(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const ext = extOf(base);
  return ext === '' ? base : base.slice(0, -(ext.length + 1));
}

export function detectNamingConventions(names: readonly string[]): NamingConvention[] {
  const stems = names.map(stem).filter((s) => s !== '' && !s.startsWith('.'));
  if (stems.length === 0) return [];
  const found = CONVENTIONS.map((c, order) => {
    const matching = stems.filter((s) => c.test.test(s)).sort();
    return { c, order, matching };
  }).filter((x) => x.matching.length > 0);
  found.sort((a, b) => b.matching.length - a.matching.length || a.order - b.order);
  return found.slice(0, 3).map(({ c, matching }) => ({
    id: c.id,
    name: c.name,
    pattern: c.pattern,
    example: matching[0] ?? '',
    share: Math.round((matching.length / stems.length) * 1000) / 1000,
    mechanical: c.rewrite !== undefined,
  }));
}
