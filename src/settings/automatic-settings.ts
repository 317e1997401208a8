// Automatic mode: saved rules run on files created or renamed in watched folders. Off unless the
// user turns it on; the delay lets templates and sync finish writing a new file first.
import { isRecord, readBoolean, readFolderList, readNumber } from './read-fields';

export interface AutomaticSettings {
  enabled: boolean;
  /** Folders whose new and renamed files the rules run on; empty watches nothing. */
  watchedFolders: string[];
  /** Seconds of quiet after the last change before the rules run. */
  delaySeconds: number;
}

export const DEFAULT_AUTOMATIC: AutomaticSettings = { enabled: false, watchedFolders: [], delaySeconds: 5 };

export function readAutomatic(raw: unknown, problems: string[]): AutomaticSettings {
  if (raw === undefined) return structuredClone(DEFAULT_AUTOMATIC);
  if (!isRecord(raw)) {
    problems.push('settings.automatic should be an object; automatic mode stays off');
    return structuredClone(DEFAULT_AUTOMATIC);
  }
  const where = 'automatic';
  return {
    enabled: readBoolean(raw, 'enabled', where, problems, DEFAULT_AUTOMATIC.enabled),
    watchedFolders: readFolderList(raw, 'watchedFolders', where, problems),
    delaySeconds: readNumber(raw, 'delaySeconds', where, problems, DEFAULT_AUTOMATIC.delaySeconds, { min: 1, max: 600 }),
  };
}
