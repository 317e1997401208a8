// Field readers for validating stored settings: each takes the value it was given, names where it
// was found in every problem, and falls back to a default instead of throwing, so one bad value
// never costs the user the rest of their settings.

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function readString(obj: Record<string, unknown>, key: string, where: string, problems: string[], fallback: string): string {
  const v = obj[key];
  if (v === undefined) return fallback;
  if (typeof v === 'string') return v;
  problems.push(`${where}.${key} should be text, found ${typeof v}; using "${fallback}"`);
  return fallback;
}

export function readChoice<T extends string>(obj: Record<string, unknown>, key: string, where: string, choices: readonly T[], problems: string[], fallback: T): T {
  const v = obj[key];
  if (v === undefined) return fallback;
  if (typeof v === 'string' && (choices as readonly string[]).includes(v)) return v as T;
  problems.push(`${where}.${key} should be one of ${choices.join(', ')}, found ${JSON.stringify(v)}; using "${fallback}"`);
  return fallback;
}

export function readBoolean(obj: Record<string, unknown>, key: string, where: string, problems: string[], fallback: boolean): boolean {
  const v = obj[key];
  if (v === undefined) return fallback;
  if (typeof v === 'boolean') return v;
  problems.push(`${where}.${key} should be true or false, found ${JSON.stringify(v)}; using ${String(fallback)}`);
  return fallback;
}

/** A number within [min, max]; text that reads as a number is accepted (the fallback UI edits text). */
export function readNumber(obj: Record<string, unknown>, key: string, where: string, problems: string[], fallback: number, range: { min: number; max: number; integer?: boolean }): number {
  const v = obj[key];
  if (v === undefined) return fallback;
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  const ok = typeof n === 'number' && Number.isFinite(n) && n >= range.min && n <= range.max && (!range.integer || Number.isInteger(n));
  if (ok) return n;
  const kind = range.integer ? 'a whole number' : 'a number';
  problems.push(`${where}.${key} should be ${kind} from ${range.min} to ${range.max}, found ${JSON.stringify(v)}; using ${fallback}`);
  return fallback;
}

/** A vault folder: relative, no `..`, no empty segments; trailing slashes dropped. Null when unusable. */
export function vaultFolder(text: string): string | null {
  const folder = text.trim().replace(/\/+$/u, '');
  if (folder === '' || folder.startsWith('/') || folder.includes('\\')) return null;
  const parts = folder.split('/');
  if (parts.some((p) => p.trim() === '' || p === '..' || p === '.')) return null;
  return folder;
}

/** A list of vault folders; bad entries are dropped one by one, each named. */
export function readFolderList(obj: Record<string, unknown>, key: string, where: string, problems: string[]): string[] {
  const v = obj[key];
  if (v === undefined) return [];
  if (!Array.isArray(v)) {
    problems.push(`${where}.${key} should be a list of folders; using none`);
    return [];
  }
  const out: string[] = [];
  for (const item of v) {
    const folder = typeof item === 'string' ? vaultFolder(item) : null;
    if (folder === null) problems.push(`${where}.${key}: ${JSON.stringify(item)} is not a vault folder; left out`);
    else if (!out.includes(folder)) out.push(folder);
  }
  return out;
}
