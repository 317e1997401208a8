// Reads the Task agent's answer, whether it came as message text (one JSON document, bare or in a
// ```json fence, nothing around it) or as already-parsed tool-call arguments.
// Every problem says what is wrong and where (`edits[2].position`, or line:column in the JSON),
// so the agent loop can hand it back to the model verbatim. A malformed edit is reported, never
// silently dropped; the well-formed ones are still returned.
import type { EditInstruction, TaskAnswer } from './edit-instruction';
import { parsePosition } from './parse-position';

export type AnswerParse = { ok: true; answer: TaskAnswer; problems: string[] } | { ok: false; error: string };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  return typeof v === 'string' ? 'text' : typeof v;
}

/**
 * The JSON of a reply that is one JSON document and nothing else: bare, or alone in one fence, with
 * only whitespace around. Null otherwise: JSON inside prose is something the model quotes (a note,
 * a web page, a sample), never its answer.
 */
export function wholeJsonDocument(text: string): string | null {
  const trimmed = text.trim();
  const fenced = /^```[a-zA-Z]*[ \t]*\r?\n([\s\S]*?)\r?\n?```$/.exec(trimmed);
  const body = (fenced ? (fenced[1] as string) : trimmed).trim();
  if (fenced && body.includes('```')) return null;
  return (body.startsWith('{') && body.endsWith('}')) || (body.startsWith('[') && body.endsWith(']')) ? body : null;
}

function lineCol(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const col = offset - before.lastIndexOf('\n');
  return `line ${line}, column ${col}`;
}

/** JSON.parse with an error that gives line and column and a snippet. */
export function parseJsonWithLocation(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const m = /position (\d+)/.exec(message);
    if (!m) return { ok: false, error: `the answer is not valid JSON: ${message}` };
    const offset = Number(m[1]);
    const snippet = text.slice(Math.max(0, offset - 20), offset + 20).replace(/\s+/g, ' ');
    const reason = message.replace(/\s*in JSON at position \d+.*$/, '');
    return { ok: false, error: `the answer is not valid JSON at ${lineCol(text, offset)} (near "${snippet}"): ${reason}` };
  }
}

function parseEdit(raw: unknown, index: number, problems: string[]): EditInstruction | null {
  const where = `edits[${index}]`;
  if (!isRecord(raw)) {
    problems.push(`${where} should be an object like {"file","position","content"}, found ${kindOf(raw)}`);
    return null;
  }
  const file = raw.file;
  if (typeof file !== 'string' || file.trim() === '') {
    problems.push(`${where}.file should be the vault path of a note, found ${file === undefined ? 'nothing' : JSON.stringify(file)}`);
    return null;
  }
  const hasPosition = raw.position !== undefined;
  const hasFind = raw.find !== undefined || raw.replace !== undefined;
  if (hasPosition && hasFind) {
    problems.push(`${where} has both "position" and "find"; use {"file","position","content"} or {"file","find","replace"}`);
    return null;
  }
  if (hasFind) {
    if (typeof raw.find !== 'string' || raw.find === '') {
      problems.push(`${where}.find should be the exact text to change (not empty), found ${kindOf(raw.find)}`);
      return null;
    }
    if (typeof raw.replace !== 'string') {
      problems.push(`${where}.replace should be text (may be empty), found ${kindOf(raw.replace)}`);
      return null;
    }
    return { kind: 'anchored', file, find: raw.find, replace: raw.replace, index };
  }
  if (typeof raw.position !== 'string') {
    problems.push(`${where} needs "position" (text) with "content", or "find" with "replace"`);
    return null;
  }
  const parsed = parsePosition(raw.position);
  if (!parsed.ok) {
    problems.push(`${where}.position: ${parsed.message}`);
    return null;
  }
  const needsContent = parsed.position.kind !== 'delete' && parsed.position.kind !== 'open';
  if (raw.content !== undefined && typeof raw.content !== 'string') {
    problems.push(`${where}.content should be text, found ${kindOf(raw.content)}`);
    return null;
  }
  if (needsContent && typeof raw.content !== 'string') {
    problems.push(`${where}.content is missing; position "${raw.position}" needs the text to write`);
    return null;
  }
  return { kind: 'positioned', file, position: parsed.position, positionText: raw.position, content: typeof raw.content === 'string' ? raw.content : '', index };
}

/** Parses an answer given as text (message content) or as a parsed object (tool arguments). */
export function parseTaskAnswer(input: unknown): AnswerParse {
  let value = input;
  if (typeof input === 'string') {
    const text = wholeJsonDocument(input);
    if (text === null) return { ok: false, error: 'the answer should be one JSON object {"summary","edits"} with nothing around it' };
    const json = parseJsonWithLocation(text);
    if (!json.ok) return json;
    value = json.value;
  }
  if (!isRecord(value)) {
    return { ok: false, error: `the answer should be an object {"summary","edits"}, found ${kindOf(value)}` };
  }
  const problems: string[] = [];
  let summary = '';
  if (typeof value.summary === 'string') summary = value.summary;
  else if (value.summary !== undefined) problems.push(`summary should be text, found ${kindOf(value.summary)}`);
  const rawEdits = value.edits ?? [];
  if (!Array.isArray(rawEdits)) {
    return { ok: false, error: `"edits" should be a list of edits, found ${kindOf(rawEdits)}` };
  }
  const edits: EditInstruction[] = [];
  rawEdits.forEach((raw, i) => {
    const edit = parseEdit(raw, i, problems);
    if (edit) edits.push(edit);
  });
  return { ok: true, answer: { summary, edits }, problems };
}
