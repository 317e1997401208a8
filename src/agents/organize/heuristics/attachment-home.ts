// Where attachments belong in a vault that already has an order. Obsidian's "Default location for
// new attachments" (`attachmentFolderPath` in `<configDir>/app.json`) names a folder when set to
// one; and a folder that already holds mostly attachments (at least 80% of its files, at least 5
// of them) is one the user keeps them in. Attachments already inside such a home stay where they
// are (kind subfolders included; the organized folder itself is a home when it is one, so a folder
// of attachments is never sorted into kind folders inside itself), and new ones go to the primary home, the setting's folder or
// else the largest home, as they are: no `Images/` level is invented there. A home found by its
// contents that holds one kind only (a folder of camera photos) takes that kind only: it is no
// place for invoices, which are filed by kind instead.
import { isInFolder as within } from '../../../dsl/file-records';
import type { FileRecord } from '../../../vault-vfs/file-record';
import { attachmentKind, isAttachment } from './attachment-type';

export interface AttachmentHomes {
  /** Where new attachments go, relative to the organized folder ('' is the folder itself), or null. */
  primary: string | null;
  /** Every home, relative to the organized folder: attachments inside any of them stay. */
  homes: string[];
}

const SHARE = 0.8;
const MIN_ATTACHMENTS = 5;

/**
 * The folder `attachmentFolderPath` names, as a vault path, or null when it names none: unset,
 * `/` (the vault root, Obsidian's default) and `./…` (beside each note) do not name one folder.
 */
export function attachmentFolderSetting(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim().replace(/^\/+|\/+$/gu, '');
  if (trimmed === '' || value.trim().startsWith('./') || trimmed === '.') return null;
  return trimmed;
}

/** The attachment homes among the subfolders of `folder` (vault path), given the setting's folder. */
export function attachmentHomes(records: readonly FileRecord[], folder: string, setting: string | null): AttachmentHomes {
  const prefix = folder === '' ? '' : folder + '/';
  const relFolder = (r: FileRecord): string => (r.folder === folder ? '' : r.folder.startsWith(prefix) ? r.folder.slice(prefix.length) : r.folder);
  const visible = records.filter((r) => !r.isHidden);
  const counts = new Map<string, { files: number; attachments: number }>();
  for (const r of visible) {
    const parts = relFolder(r).split('/').filter((p) => p !== '');
    // The organized folder itself ('') is a home when the files directly in it are mostly attachments.
    for (let i = parts.length === 0 ? 0 : 1; i <= parts.length; i++) {
      const key = parts.slice(0, i).join('/');
      const c = counts.get(key) ?? { files: 0, attachments: 0 };
      c.files++;
      if (isAttachment(r)) c.attachments++;
      counts.set(key, c);
    }
  }
  // Top-most folders that qualify, largest first (then shallowest, then by name, for stable output).
  const qualifying = [...counts]
    .filter(([, c]) => c.attachments >= MIN_ATTACHMENTS && c.attachments / c.files >= SHARE)
    .map(([path, c]) => ({ path, n: c.attachments }))
    .sort((a, b) => b.n - a.n || a.path.split('/').length - b.path.split('/').length || a.path.localeCompare(b.path));
  const homes: string[] = [];
  for (const q of qualifying) if (!homes.some((h) => within(q.path, h))) homes.push(q.path);
  let primary = homes[0] ?? null;
  if (setting !== null && (folder === '' || within(setting, folder))) {
    const rel = setting === folder ? '' : setting.slice(prefix.length);
    primary = rel;
    if (!homes.includes(rel)) homes.unshift(rel);
  }
  return { primary, homes };
}

/**
 * Where a new attachment goes: the setting's folder takes every kind; else the largest home that
 * holds its kind or holds several kinds; else null (filed by kind).
 */
export function homeForAttachment(records: readonly FileRecord[], folder: string, homes: AttachmentHomes, setting: string | null): (record: FileRecord) => string | null {
  if (settingApplies(folder, setting)) return () => homes.primary;
  const prefix = folder === '' ? '' : folder + '/';
  const kinds = new Map<string, Set<string>>(homes.homes.map((h) => [h, new Set<string>()]));
  for (const r of records) {
    if (r.isHidden || !isAttachment(r)) continue;
    const rel = r.folder === folder ? '' : r.folder.startsWith(prefix) ? r.folder.slice(prefix.length) : r.folder;
    for (const h of homes.homes) if (within(rel, h)) kinds.get(h)?.add(attachmentKind(r.ext) ?? r.ext);
  }
  return (record) => {
    const kind = attachmentKind(record.ext) ?? record.ext;
    return homes.homes.find((h) => (kinds.get(h)?.size ?? 0) > 1 || kinds.get(h)?.has(kind)) ?? null;
  };
}

/** Whether the setting's folder is inside the organized folder (so it is the home for every attachment). */
export function settingApplies(folder: string, setting: string | null): boolean {
  return setting !== null && (folder === '' || within(setting, folder));
}
