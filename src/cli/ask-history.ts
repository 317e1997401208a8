// `reeve ask --history FILE`: the chat so far, continued turn by turn. The file is JSON
// (`{"turns":[...]}`, readable without Reeve) and is replaced atomically, so a crash leaves the
// old chat or the new one, never half of one.
import type { ChatTurn } from '../agents/task/chat-history';
import { writeFileAtomic } from '../vault-vfs/node/atomic-write';

export function writeHistoryFile(file: string, turns: readonly ChatTurn[]): Promise<void> {
  return writeFileAtomic(file, `${JSON.stringify({ turns }, null, 2)}\n`);
}
