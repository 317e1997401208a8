// `reeve ask --history FILE`: the chat so far, continued turn by turn. The file is JSON
// (`{"turns":[...]}` or a bare list of turns, readable without Reeve) and is replaced atomically,
// so a crash leaves the old chat or the new one, never half of one. The file may hold more than
// Reeve reads (keys another tool or the user added, at the top or in a turn): a rewrite keeps the
// document as it was, every earlier turn as written, and only appends the new turn.
import { readChatTurns, type ChatTurn } from '../agents/task/chat-history';
import { writeFileAtomic } from '../vault-vfs/node/atomic-write';
import { UsageError } from './command';
import { readUserFile } from './user-file';

export interface HistoryFile {
  file: string;
  /** The turns as Reeve reads them. */
  turns: ChatTurn[];
  /** The document as it was read (null for a new or empty file), kept whole for the rewrite. */
  document: unknown;
}

export async function readHistoryFile(file: string): Promise<HistoryFile> {
  const text = await readUserFile(file).catch((e: Error) => {
    throw new UsageError(`--history ${file}: ${e.message}`);
  });
  if (text === null || text.trim() === '') return { file, turns: [], document: null };
  let document: unknown;
  try {
    document = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new UsageError(`--history ${file}: not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const read = readChatTurns(document);
  if (!read.ok) throw new UsageError(`--history ${file}: ${read.error}`);
  return { file, turns: read.turns, document };
}

/** The document with `turn` appended to its turns, in the shape the file had. */
export function withTurn(document: unknown, turn: ChatTurn): unknown {
  if (Array.isArray(document)) return [...(document as unknown[]), turn];
  if (document !== null && typeof document === 'object') {
    const doc = document as Record<string, unknown>;
    return { ...doc, turns: [...(doc.turns as unknown[]), turn] };
  }
  return { turns: [turn] };
}

export function writeHistoryFile(history: HistoryFile, turn: ChatTurn): Promise<void> {
  return writeFileAtomic(history.file, `${JSON.stringify(withTurn(history.document, turn), null, 2)}\n`);
}
