// The organize agent's answers about ambiguous items, checked before anything is made of them: one
// JSON object with a list of `{"id", "to"}` entries (`placements` for a batch, `fixes` for the
// conflict pass), each id one of those asked about and at most once. Anything else is refused
// whole with a message that says what is wrong and where; an item left out keeps the heuristics'
// default. Nothing of a refused reply is used.

export class PlacementReplyError extends Error {
  constructor(where: string, problem: string) {
    super(`the organize agent's reply to ${where} was refused: ${problem}; nothing was planned`);
    this.name = 'PlacementReplyError';
  }
}

/** "stay", "split", or a destination folder (vault path, slashes at the ends dropped). */
export type Answer = { kind: 'stay' } | { kind: 'split' } | { kind: 'folder'; folder: string };

/** The JSON object in a reply: the whole text, or the span from its first `{` to its last `}` (code fences, a preamble). */
function jsonObject(text: string): unknown {
  const trimmed = text.trim();
  const start = trimmed.indexOf('{');
  const end = trimmed.lastIndexOf('}');
  if (start < 0 || end < start) throw new Error(`it holds no JSON object (it starts "${trimmed.slice(0, 40)}")`);
  try {
    return JSON.parse(trimmed.slice(start, end + 1));
  } catch (e) {
    throw new Error(`its JSON does not parse (${e instanceof Error ? e.message : String(e)})`);
  }
}

/**
 * The answers in `text`, by id (1..count). `key` is the list's name; `allowSplit` whether "split"
 * is an answer (folders in a batch) or not (the conflict pass).
 */
export function parseAnswers(text: string, key: 'placements' | 'fixes', count: number, where: string, allowSplit: boolean): Map<number, Answer> {
  let parsed: unknown;
  try {
    parsed = jsonObject(text);
  } catch (e) {
    throw new PlacementReplyError(where, e instanceof Error ? e.message : String(e));
  }
  const list = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>)[key] : undefined;
  if (!Array.isArray(list)) throw new PlacementReplyError(where, `"${key}" must be a list of {"id", "to"}`);
  const out = new Map<number, Answer>();
  list.forEach((entry: unknown, i) => {
    const at = `${key}[${i}]`;
    if (typeof entry !== 'object' || entry === null) throw new PlacementReplyError(where, `${at} is not an object`);
    const { id, to } = entry as Record<string, unknown>;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > count) throw new PlacementReplyError(where, `${at}.id must be a whole number from 1 to ${count}, not ${JSON.stringify(id)}`);
    if (out.has(id)) throw new PlacementReplyError(where, `${at}.id ${id} is answered twice`);
    if (typeof to !== 'string' || to.trim() === '') throw new PlacementReplyError(where, `${at}.to must be a folder path, "stay"${allowSplit ? ' or "split"' : ''}, not ${JSON.stringify(to)}`);
    const value = to.trim();
    if (value === 'stay') out.set(id, { kind: 'stay' });
    else if (value === 'split') {
      if (!allowSplit) throw new PlacementReplyError(where, `${at}.to "split" is not an answer here; give a folder or "stay"`);
      out.set(id, { kind: 'split' });
    } else out.set(id, { kind: 'folder', folder: value.replace(/^\/+|\/+$/gu, '') });
  });
  return out;
}
