// The marks sync tools and operating systems put in a copy's name, and only those: never part of
// a date (`2024-03-02` is no copy of `2024-03`). Sync conflicts, whose original is named inside
// the copy's name:
//   Dropbox and Nextcloud: `Note (conflicted copy 2026-11-01).md`, `Note (Ana's conflicted copy 2026-11-01 101112).md`
//   Syncthing: `Note.sync-conflict-20261101-101112-ABCDEFG.md`
// Plain copies: `Note copy`, `Note copy 2` (macOS Finder), `Note - Copy` (Windows), `Note (1)`
// (browsers, Windows), `Note 1` (Obsidian, when the name is taken) after a name that is not a date.

const CONFLICT = [/^(.*\S)\s*\((?:[^()]*?'s )?conflicted copy(?: [^()]*)?\)$/iu, /^(.*)\.sync-conflict-\d{8}-\d{6}(?:-[A-Z0-9]+)?$/u];
const COPY = /(?:\s-?\s?copy(?: \d{1,3})?|\s\(\d{1,3}\))$/iu;
const NUMBERED = /^(.*\S) \d{1,2}$/u;
/** A name ending in a date, or a day after a month: the number is part of the date. */
const DATE_END = /(?:\d{4}[-_.]\d{2}|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?)$/iu;

/** The original's name (without extension) when `stem` is a sync-conflict copy's name, else null. */
export function conflictOriginal(stem: string): string | null {
  for (const re of CONFLICT) {
    const m = re.exec(stem);
    if (m && (m[1] ?? '') !== '') return m[1] as string;
  }
  return null;
}

/** Whether a name (without extension) carries a copy marker: a conflict, a copy, or a number after a name that is not a date. */
export function hasCopyMarker(stem: string): boolean {
  if (conflictOriginal(stem) !== null || COPY.test(stem)) return true;
  const numbered = NUMBERED.exec(stem);
  return numbered !== null && !DATE_END.test(numbered[1] ?? '');
}
