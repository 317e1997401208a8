// Where the owner's Daily notes settings put the note of a day: the diary folder, then the folder
// part of the date format (`YYYY/MM/YYYY-MM-DD` files 2024-03-02 in `<folder>/2024/03`). Formats
// are moment.js formats; the folder part is rendered for the tokens a folder is named by (years,
// months, days, `[literal]` text); with any other token in it the note goes to the diary folder
// itself rather than a folder named by a guess.
import type { DailyNotesSetting } from './owner-settings';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const TOKEN = /\[([^\]]*)\]|YYYY|YY|MMMM|MMM|MM|M|DD|D|[A-Za-z]/gu;

function render(format: string, y: number, m: number, d: number): string | null {
  let unknown = false;
  const out = format.replace(TOKEN, (tok: string, literal: string | undefined) => {
    if (literal !== undefined) return literal;
    switch (tok) {
      case 'YYYY': return String(y);
      case 'YY': return String(y).slice(-2);
      case 'MMMM': return MONTHS[m - 1] ?? '';
      case 'MMM': return (MONTHS[m - 1] ?? '').slice(0, 3);
      case 'MM': return String(m).padStart(2, '0');
      case 'M': return String(m);
      case 'DD': return String(d).padStart(2, '0');
      case 'D': return String(d);
      default:
        unknown = true;
        return tok;
    }
  });
  return unknown ? null : out;
}

/** The vault folder the owner's settings give the daily note of `y-m-d`. */
export function dailyFolderFor(setting: DailyNotesSetting, y: number, m: number, d: number): string {
  const slash = setting.format.lastIndexOf('/');
  const sub = slash < 0 ? '' : render(setting.format.slice(0, slash), y, m, d);
  return [setting.folder, sub ?? ''].filter((s) => s !== '').join('/');
}
