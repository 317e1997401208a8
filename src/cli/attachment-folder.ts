// The vault's attachment folder for organize, read the way Obsidian keeps it: `attachmentFolderPath`
// in `<configDir>/app.json`. A missing or unreadable file means Obsidian's default (no one folder).
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { attachmentFolderSetting } from '../agents/organize/heuristics/attachment-home';

export async function readAttachmentFolder(root: string, configDir: string): Promise<string | null> {
  try {
    const app = JSON.parse(await fs.readFile(path.join(root, configDir, 'app.json'), 'utf8')) as { attachmentFolderPath?: unknown };
    return attachmentFolderSetting(app.attachmentFolderPath);
  } catch {
    return null;
  }
}
