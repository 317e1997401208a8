// The two pending-block formats of DESIGN.md, written and read exactly:
//
//   ```ai-edit                                  ```ai-op
//   {"id","type","before","after"}               {"id","job","type",...,"rule","risk"}
//   ```                                          ```
//   #ai_edit
//
// The JSON sits on one line: JSON.stringify escapes every line break ("\n", "\r") inside `before`
// and `after`. That is why a backtick run in the proposal can never close the fence: a closing
// fence is a line of only backticks (and spaces), and the one line between the fences always
// starts with "{". So a fence of exactly three backticks is always enough.
import type { EditType } from '../instructions/resolved-edit';
import { isNoteEdit, NOTE_EDIT_TYPES, type OperationType, type PropertyValues, type Risk } from '../../vault-vfs/operations';

export const EDIT_INFO = 'ai-edit';
export const OP_INFO = 'ai-op';
export const EDIT_TAG = '#ai_edit';

export interface EditBlockData {
  id: string;
  type: EditType;
  before: string;
  after: string;
  /** Additive to the contract: the proposal created this note, so rejecting it trashes the note. */
  newNote?: true;
}

/**
 * What happened to an operation block; absent while it waits for the user. `undone`: it ran, and
 * its job was undone or rolled back since; it may be accepted again.
 */
export type OpState = 'accepted' | 'rejected' | 'done' | 'failed' | 'undone';

export interface OpBlockData {
  id: string;
  job: string;
  type: OperationType;
  source?: string;
  destination?: string;
  /** For `create_folder`, `trash` and the note edits (the note, as it was named when planned). */
  path?: string;
  /** Note edits: the tags (a list) or properties (an object) before and after. */
  before?: string[] | PropertyValues;
  after?: string[] | PropertyValues;
  rule?: string;
  risk: Risk;
  /** Additive to the contract: the outcome, written back into the block. */
  state?: OpState;
  /** Why the operation failed, when `state` is `failed`. */
  error?: string;
  /** Why the operation was planned, for the reader. */
  reason?: string;
}

/** The lines of an `ai-edit` block, joined with `eol`, ready to stand in place of the lines it changes. */
export function editBlockText(data: EditBlockData, eol: string): string {
  const json: Record<string, unknown> = { id: data.id, type: data.type, before: data.before, after: data.after };
  if (data.newNote) json.newNote = true;
  return ['```' + EDIT_INFO, JSON.stringify(json), '```', EDIT_TAG].join(eol);
}

/** The lines of an `ai-op` block, with keys in the contract's order. */
export function opBlockText(data: OpBlockData, eol: string): string {
  const json: Record<string, unknown> = { id: data.id, job: data.job, type: data.type };
  if (data.type === 'create_folder' || data.type === 'trash') json.path = data.path;
  else if (isNoteEdit(data)) {
    json.path = data.path;
    json.before = data.before;
    json.after = data.after;
  } else {
    json.source = data.source;
    json.destination = data.destination;
  }
  if (data.rule !== undefined) json.rule = data.rule;
  json.risk = data.risk;
  if (data.reason !== undefined) json.reason = data.reason;
  if (data.state !== undefined) json.state = data.state;
  if (data.error !== undefined) json.error = data.error;
  return ['```' + OP_INFO, JSON.stringify(json), '```'].join(eol);
}

/** Checked values (see editValuesProblem) as their type: tags or properties. */
function editValues(v: unknown): string[] | PropertyValues {
  return Array.isArray(v) ? (v as string[]) : (v as PropertyValues);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const EDIT_TYPES: readonly string[] = ['add', 'replace', 'delete'];
const OP_TYPES: readonly string[] = ['create_folder', 'move', 'rename', 'trash', ...NOTE_EDIT_TYPES];

const isScalar = (x: unknown): boolean => x === null || typeof x === 'string' || typeof x === 'boolean' || (typeof x === 'number' && Number.isFinite(x));

/** What is wrong with a note edit's `before` or `after`, or null. */
function editValuesProblem(type: string, key: 'before' | 'after', v: unknown): string | null {
  if (type === 'set_properties') {
    if (!isRecord(v)) return `"${key}" of a set_properties block should be an object of properties`;
    // Before, a property may have held anything; after, a rule sets texts, numbers, true/false or null.
    if (key === 'after' && !Object.values(v).every(isScalar)) return '"after" of a set_properties block should hold texts, numbers, true, false or null';
    return null;
  }
  return Array.isArray(v) && v.every((t) => typeof t === 'string') ? null : `"${key}" of a ${type} block should be a list of tags`;
}
const RISKS: readonly string[] = ['low', 'medium', 'high'];
const OP_STATES: readonly string[] = ['accepted', 'rejected', 'done', 'failed', 'undone'];

/** Checks parsed JSON against the `ai-edit` shape; a string says what is wrong. */
export function readEditBlockJson(v: unknown): EditBlockData | string {
  if (!isRecord(v)) return 'the block does not hold a JSON object';
  if (typeof v.id !== 'string' || v.id === '') return 'the block has no "id"';
  if (typeof v.type !== 'string' || !EDIT_TYPES.includes(v.type)) return `"type" should be add, replace or delete, found ${JSON.stringify(v.type)}`;
  if (typeof v.before !== 'string') return '"before" is missing or not text';
  if (typeof v.after !== 'string') return '"after" is missing or not text';
  const data: EditBlockData = { id: v.id, type: v.type as EditType, before: v.before, after: v.after };
  if (v.newNote === true) data.newNote = true;
  return data;
}

function optionalString(v: Record<string, unknown>, key: string): string | undefined | null {
  const x = v[key];
  if (x === undefined) return undefined;
  return typeof x === 'string' ? x : null;
}

/** Checks parsed JSON against the `ai-op` shape; a string says what is wrong. */
export function readOpBlockJson(v: unknown): OpBlockData | string {
  if (!isRecord(v)) return 'the block does not hold a JSON object';
  if (typeof v.id !== 'string' || v.id === '') return 'the block has no "id"';
  if (typeof v.job !== 'string') return 'the block has no "job"';
  if (typeof v.type !== 'string' || !OP_TYPES.includes(v.type)) return `"type" should be create_folder, move, rename, trash, add_tags, remove_tags or set_properties, found ${JSON.stringify(v.type)}`;
  const risk = v.risk === undefined ? 'medium' : v.risk;
  if (typeof risk !== 'string' || !RISKS.includes(risk)) return `"risk" should be low, medium or high, found ${JSON.stringify(v.risk)}`;
  const data: OpBlockData = { id: v.id, job: v.job, type: v.type as OperationType, risk: risk as Risk };
  for (const key of ['source', 'destination', 'path', 'rule', 'error', 'reason'] as const) {
    const s = optionalString(v, key);
    if (s === null) return `"${key}" should be text`;
    if (s !== undefined) data[key] = s;
  }
  if (isNoteEdit(data)) {
    if (data.path === undefined) return `a ${data.type} block needs "path"`;
    for (const key of ['before', 'after'] as const) {
      const problem = editValuesProblem(data.type, key, v[key]);
      if (problem !== null) return problem;
      data[key] = editValues(v[key]);
    }
  } else if (data.type === 'create_folder' || data.type === 'trash') {
    if (data.path === undefined) return `a ${data.type} block needs "path"`;
  } else if (data.source === undefined || data.destination === undefined) return `a ${data.type} block needs "source" and "destination"`;
  if (v.state !== undefined) {
    if (typeof v.state !== 'string' || !OP_STATES.includes(v.state)) return `"state" should be accepted, rejected, done, failed or undone, found ${JSON.stringify(v.state)}`;
    data.state = v.state as OpState;
  }
  return data;
}
