// A scripted stand-in for a model in the organize agent's ambiguity passes, for measuring the
// pipeline offline over real HTTP: it reads the items it is sent and answers by a fixed policy,
// never by the truth. A file goes to its best candidate when that scores at least `minScore`,
// else stays; a folder is split (each file where the heuristics and scores suggest). In the
// conflict pass, a placement into a folder that moves elsewhere follows the folder; any other
// conflict stays. What it scores is what the candidates are worth, not what a model would do.
import type { RecordedRequest, ScriptedReply } from '../../tests/llm-server';
import { reply } from '../../tests/llm-server';

/** The last user message of an OpenAI or Anthropic chat request. */
export function userText(r: RecordedRequest): string {
  const messages = (r.body.messages ?? []) as { role: string; content: unknown }[];
  const user = messages.filter((m) => m.role === 'user').at(-1)?.content;
  if (typeof user === 'string') return user;
  return Array.isArray(user) ? user.map((b: { text?: string }) => b.text ?? '').join('') : '';
}

const ITEM = /^(\d+)\. (file|folder) .*; candidates: (.+)$/u;
const CANDIDATE = /^(.*) (\d\.\d\d) \(([^)]+)\)$/u;
const CONFLICT = /^(\d+)\. .*? -> .*?: (.*)$/u;
const FOLLOW_INSIDE = /^contradictory: the destination (.+) is inside (.+), which moves to (.+) in this plan$/u;
const FOLLOW_SAME = /^contradictory: the destination (.+) moves to (.+) in this plan$/u;

function placement(line: string, minScore: number): { id: number; to: string } | null {
  const m = ITEM.exec(line);
  if (!m) return null;
  const id = Number(m[1]);
  if (m[2] === 'folder') return { id, to: 'split' };
  const best = CANDIDATE.exec((m[3] ?? '').split('; ')[0] ?? '');
  if (!best || best[3] === 'stay' || Number(best[2]) < minScore) return { id, to: 'stay' };
  return { id, to: best[1] ?? 'stay' };
}

function fix(line: string): { id: number; to: string } | null {
  const m = CONFLICT.exec(line);
  if (!m) return null;
  const id = Number(m[1]);
  const inside = FOLLOW_INSIDE.exec(m[2] ?? '');
  if (inside) return { id, to: (inside[3] ?? '') + (inside[1] ?? '').slice((inside[2] ?? '').length) };
  const same = FOLLOW_SAME.exec(m[2] ?? '');
  return { id, to: same ? (same[2] ?? 'stay') : 'stay' };
}

export function candidateModel(minScore = 0.4): (request: RecordedRequest) => ScriptedReply {
  return (request) => {
    const lines = userText(request).split('\n');
    if (lines[0]?.includes('conflict:')) return reply.text(JSON.stringify({ fixes: lines.flatMap((l) => fix(l) ?? []) }));
    return reply.text(JSON.stringify({ placements: lines.flatMap((l) => placement(l, minScore) ?? []) }));
  };
}
