// The config folder of a vault on disk, as organize reads it (owner-settings.ts says what it reads).
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { type OwnerSettings, readOrganizeSettings } from '../agents/organize/owner/owner-settings';

/** Everything organize reads from `<vault>/<configDir>/`; a missing or unreadable file says nothing. */
export function readOrganizeSettingsOnDisk(root: string, configDir: string): Promise<{ attachmentFolder: string | null; owner: OwnerSettings }> {
  return readOrganizeSettings((file) => fs.readFile(path.join(root, configDir, file), 'utf8').catch(() => null));
}
