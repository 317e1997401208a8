// `steward ask --history FILE`: the chat so far, continued turn by turn. The file is JSON
// (`{"turns":[...]}`, readable without Steward) and is replaced atomically, so a crash leaves the
// old chat or the new one, never half of one.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { AskRequest, AskResult } from '../agents/pipeline/run-pipeline';
import type { ChatTurn } from '../agents/task/chat-history';

export function toChatTurn(req: AskRequest, result: AskResult): ChatTurn {
  const o = result.outcome;
  return {
    request: req.task,
    currentNote: req.currentNote,
    answer: result.answer,
    edits: [
      ...(o?.proposed ?? []).map((p) => ({ id: p.id, file: p.note, type: p.type, state: 'proposed' as const })),
      ...(o?.refused ?? []).filter((r) => r.file !== '').map((r) => ({ id: '', file: r.file, type: 'edit' as const, state: 'refused' as const, reason: r.reason })),
    ],
    at: new Date().toISOString(),
    ...(result.stopped ? { stopped: true } : {}),
  };
}

export async function writeHistoryFile(file: string, turns: readonly ChatTurn[]): Promise<void> {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  await fs.writeFile(tmp, `${JSON.stringify({ turns }, null, 2)}\n`, 'utf8');
  await fs.rename(tmp, file);
}
