// The vault's own settings organize respects, read the way Obsidian keeps them in the config
// folder: `attachmentFolderPath` in `app.json` (a missing or unreadable file means Obsidian's
// default, no one folder), the daily notes folder and format, and the templates folders
// (owner-settings.ts).
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { attachmentFolderSetting } from '../agents/organize/heuristics/attachment-home';
import { type OwnerSettings, readOwnerSettings } from '../agents/organize/owner/owner-settings';

async function readConfig(root: string, configDir: string, file: string): Promise<string | null> {
  try {
    return await fs.readFile(path.join(root, configDir, file), 'utf8');
  } catch {
    return null;
  }
}

export async function readAttachmentFolder(root: string, configDir: string): Promise<string | null> {
  try {
    const app = JSON.parse((await readConfig(root, configDir, 'app.json')) ?? '{}') as { attachmentFolderPath?: unknown };
    return attachmentFolderSetting(app.attachmentFolderPath);
  } catch {
    return null;
  }
}

/** Everything organize reads from the config folder, ready to spread into its request. */
export async function readOrganizeSettings(root: string, configDir: string): Promise<{ attachmentFolder: string | null; owner: OwnerSettings }> {
  return { attachmentFolder: await readAttachmentFolder(root, configDir), owner: await readOwnerSettings((f) => readConfig(root, configDir, f)) };
}
