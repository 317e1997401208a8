// What Obsidian and the common plugins record about where the owner keeps things, read from the
// config folder: the Daily notes core plugin's folder and date format (`daily-notes.json`, or the
// Periodic Notes plugin's daily settings), and the templates folders (the core Templates plugin's
// `templates.json` and Templater's `templates_folder`). Organize treats these folders as the
// owner's: what is in them stays, and a loose daily note goes to the diary folder by its format.
// A file that is missing, unreadable or not JSON says nothing (Obsidian's defaults are not guessed).
// The CLI and the plugin each pass their own reader of the config folder: one reading, two disks.
import { attachmentFolderSetting } from '../heuristics/attachment-home';

export interface DailyNotesSetting {
  /** Vault path of the diary folder; '' is the vault root. */
  folder: string;
  /** The note name's moment.js format, `YYYY-MM-DD` unless set (it may hold folders: `YYYY/MM/YYYY-MM-DD`). */
  format: string;
}

export interface OwnerSettings {
  dailyNotes?: DailyNotesSetting;
  /** Vault paths of the templates folders. */
  templateFolders: string[];
}

/** Reads a file of the config folder by its path inside it; null when absent or unreadable. */
export type ConfigReader = (file: string) => Promise<string | null>;

const DEFAULT_FORMAT = 'YYYY-MM-DD';

/** A folder setting as a vault path: slashes trimmed; null for none. */
function folderSetting(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim().replace(/^\/+|\/+$/gu, '');
  return trimmed === '.' ? '' : trimmed;
}

async function json(read: ConfigReader, file: string): Promise<Record<string, unknown> | null> {
  try {
    const text = await read(file);
    if (text === null) return null;
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function dailyFrom(raw: Record<string, unknown> | null): DailyNotesSetting | undefined {
  if (raw === null) return undefined;
  const folder = folderSetting(raw.folder) ?? '';
  const format = typeof raw.format === 'string' && raw.format.trim() !== '' ? raw.format.trim() : DEFAULT_FORMAT;
  return { folder, format };
}

export async function readOwnerSettings(read: ConfigReader): Promise<OwnerSettings> {
  const periodic = (await json(read, 'plugins/periodic-notes/data.json'))?.daily;
  const periodicDaily = typeof periodic === 'object' && periodic !== null && (periodic as { enabled?: unknown }).enabled === true ? dailyFrom(periodic as Record<string, unknown>) : undefined;
  const dailyNotes = dailyFrom(await json(read, 'daily-notes.json')) ?? periodicDaily;
  const templateFolders = [folderSetting((await json(read, 'templates.json'))?.folder), folderSetting((await json(read, 'plugins/templater-obsidian/data.json'))?.templates_folder)].filter(
    (f): f is string => f !== null && f !== '',
  );
  return { ...(dailyNotes ? { dailyNotes } : {}), templateFolders: [...new Set(templateFolders)] };
}

/** Everything organize reads from the config folder (the attachment folder of `app.json` too), ready to spread into its request. */
export async function readOrganizeSettings(read: ConfigReader): Promise<{ attachmentFolder: string | null; owner: OwnerSettings }> {
  const app = await json(read, 'app.json');
  return { attachmentFolder: attachmentFolderSetting(app?.attachmentFolderPath), owner: await readOwnerSettings(read) };
}
