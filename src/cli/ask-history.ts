// `steward ask --history FILE`: the chat so far, continued turn by turn. The file is JSON
// (`{"turns":[...]}`, readable without Steward) and is replaced atomically, so a crash leaves the
// old chat or the new one, never half of one.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { AskRequest, AskResult } from '../agents/pipeline/run-pipeline';
import type { ChatTurn } from '../agents/task/chat-history';
import { turnOf } from '../agents/chat/chat-message';

/** The turn a run adds to the history (shared with the chat view's records). */
export const toChatTurn = (req: AskRequest, result: AskResult): ChatTurn => turnOf(req, result);

export async function writeHistoryFile(file: string, turns: readonly ChatTurn[]): Promise<void> {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  await fs.writeFile(tmp, `${JSON.stringify({ turns }, null, 2)}\n`, 'utf8');
  await fs.rename(tmp, file);
}
