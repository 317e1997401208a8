// Dated names go by year and month: daily notes (`2024-03-02.md`, or `2024-03-02 Monday.md`) to
// Daily/2024/03, screenshots (`Screenshot 2024-03-02 at 10.11.png`, Android's
// `Screenshot_20240302-101112.png`) to Screenshots/2024/03, dated meeting notes
// (`2024-03-02 Meeting with Ana.md`, or with the date last: `1-1 Ana 2024-03-02.md`) to
// Meetings/2024/03, other notes dated first to Journal/2024/03 (a weak signal: a date says when a
// note was written, not what it is). A note with a trailing date that is not a meeting is left alone.
import type { FileRecord } from '../../../vault-vfs/file-record';
import type { HeuristicProposal } from './proposal';

const IMAGE = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'heic', 'bmp', 'tiff']);
const DATE = String.raw`(\d{4})[-_.](\d{2})[-_.](\d{2})`;
const DAILY = new RegExp(`^${DATE}$`, 'u');
/** A date as cameras and phones write it too: `20240302`. */
const DATE_COMPACT = String.raw`(\d{4})[-_.]?(\d{2})[-_.]?(\d{2})`;
const SCREENSHOT = new RegExp(`^(?:screenshot|screen shot|cleanshot|bildschirmfoto|capture d.écran)[\\s_-]*(?:from[\\s_-]*)?${DATE_COMPACT}`, 'iu');
const DATED_NOTE = new RegExp(`^${DATE}\\s*[-–—_:]?\\s*(\\S.*)$`, 'u');
const DATED_LAST = new RegExp(`^(\\S.*?)\\s*[-–—_:,]?\\s*${DATE}$`, 'u');
const WEEKDAY = /^(?:mon|tues|wednes|thurs|fri|satur|sun)day$/iu;
const MEETING = /\b(meeting|call|standup|stand-up|sync|1[:-]1|one-on-one|retro|retrospective|interview)\b/iu;

function validDate(y: string, m: string, d: string): boolean {
  const month = Number(m);
  const day = Number(d);
  return Number(y) >= 1900 && Number(y) <= 2200 && month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

function isMeeting(record: FileRecord, title: string): boolean {
  const type = record.frontmatter?.type;
  return MEETING.test(title) || (typeof type === 'string' && /meeting/iu.test(type)) || record.tags.some((t) => /meeting/iu.test(t));
}

export function datedName(record: FileRecord): HeuristicProposal | null {
  let day = '1';
  const at = (kind: string, y: string, m: string, why: string): HeuristicProposal => ({
    path: record.path,
    folder: `${kind}/${y}/${m}`,
    heuristic: 'dated name',
    reason: `${why} dated ${y}-${m}, filed by year and month`,
    dated: { kind, y: Number(y), m: Number(m), d: Number(day) },
  });
  if (record.ext === 'md') {
    const daily = DAILY.exec(record.name);
    day = daily?.[3] ?? DATED_NOTE.exec(record.name)?.[3] ?? DATED_LAST.exec(record.name)?.[4] ?? '1';
    if (daily && validDate(daily[1] ?? '', daily[2] ?? '', daily[3] ?? '')) return at('Daily', daily[1] ?? '', daily[2] ?? '', 'daily note');
    const dated = DATED_NOTE.exec(record.name);
    if (dated && validDate(dated[1] ?? '', dated[2] ?? '', dated[3] ?? '')) {
      const title = dated[4] ?? '';
      // `2024-03-02 Monday`, or `2024-03-02 2` (the copy Obsidian names when the day's note exists).
      if (WEEKDAY.test(title.trim()) || /^\d{1,2}$/u.test(title.trim())) return at('Daily', dated[1] ?? '', dated[2] ?? '', 'daily note');
      return isMeeting(record, title) ? at('Meetings', dated[1] ?? '', dated[2] ?? '', 'meeting note') : { ...at('Journal', dated[1] ?? '', dated[2] ?? '', 'note'), confidence: 0.6 };
    }
    const last = DATED_LAST.exec(record.name);
    if (last && validDate(last[2] ?? '', last[3] ?? '', last[4] ?? '') && isMeeting(record, last[1] ?? '')) return at('Meetings', last[2] ?? '', last[3] ?? '', 'meeting note');
    return null;
  }
  if (IMAGE.has(record.ext)) {
    const shot = SCREENSHOT.exec(record.name);
    day = shot?.[3] ?? '1';
    if (shot && validDate(shot[1] ?? '', shot[2] ?? '', shot[3] ?? '')) return at('Screenshots', shot[1] ?? '', shot[2] ?? '', 'screenshot');
  }
  return null;
}
