// The journal's record format. One record per line: the SHA-256 of the JSON, a space, the JSON.
// A record is only trusted when its checksum matches. The last line may be torn (a crash while it
// was being appended): it is dropped, since the step it announced cannot have run yet. A bad line
// anywhere else means the journal is corrupt, and nothing is run from it.
import { sha256Hex } from './content-hash';
import type { JobOperation } from './job-operation';
import { resolveTexts } from './journal-texts';
import type { Splice } from './text-splices';

/**
 * A note's text before a move, to put back. On disk the intent names it by `hash` and the text is
 * in a `text` record of the same journal (journal-texts.ts); journals of earlier versions hold
 * the text here, without a hash. In memory, once read, both are set.
 */
export interface RecordedNote {
  path: string;
  text: string;
  hash?: string;
}

/** What a step recorded before it ran, to verify and to reverse it. */
export type StepBefore =
  | {
      type: 'move';
      kind: 'file' | 'folder';
      hash: string | null;
      notes: RecordedNote[];
      createdParents: string[];
      /** Judged from the vault after its records were lost: the notes it rewrote were not copied. */
      judged?: true;
    }
  | { type: 'trash'; kind: 'file' | 'folder'; hash: string | null; files: { path: string; hash: string }[]; folders: string[] }
  | { type: 'create'; createdParents: string[] }
  | { type: 'edit' }
  /** The note's whole text before its frontmatter changed, to put back byte for byte. */
  | { type: 'frontmatter'; text: string; hash: string };

/** What a step recorded after it ran. */
export type StepAfter =
  | { type: 'move'; changed: { path: string; hash: string }[] }
  | { type: 'trash'; trashPath: string | null }
  /** The hash of the note's text right after its frontmatter changed (null: not known). */
  | { type: 'frontmatter'; hash: string | null }
  | { type: 'plain' };

export type JournalRecord =
  | { t: 'begin'; job: string; at: number; description: string; ops: JobOperation[]; plan?: string; /** The plan note the operations came from. */ note?: string }
  | { t: 'run'; dir: 'forward' | 'backward'; why: 'execute' | 'resume' | 'rollback' | 'undo'; at: number }
  | { t: 'intent'; step: number; before: StepBefore }
  /**
   * A note text that intents name by its hash (SHA-256 of its bytes), written once per journal:
   * whole, or as splices of an earlier text record (`from`, its hash) of the same note.
   */
  | { t: 'text'; hash: string; text: string }
  | { t: 'text'; hash: string; from: string; splices: Splice[] }
  | { t: 'done'; step: number; after: StepAfter }
  | { t: 'revert-intent'; step: number }
  | { t: 'reverted'; step: number }
  /** The step could not run and changed nothing (a clean refusal, not a crash). */
  | { t: 'failed'; step: number; reason: string }
  /**
   * `stopped`: the user stopped the run (Ctrl-C) before step `step`; the steps before it ran and the
   * job ends applied with only those, undoable as any job.
   */
  | { t: 'end'; state: 'applied' | 'reverted'; at: number; failure?: { step: number; reason: string }; stopped?: { step: number } }
  /** The journal was damaged: rebuilt from `recordsRead` readable records, the original kept as `keptAs`. */
  | { t: 'salvaged'; reason: string; keptAs: string; recordsRead: number; at: number };

/**
 * A move's intent names each note's text by hash where every note has one: the text is a record of
 * its own. Under `noteHashes`, not `notes`: a version before text records, finding no `notes`,
 * fails on the record before it touches the vault, instead of putting back a text it cannot see.
 */
function onDisk(r: JournalRecord): unknown {
  if (r.t !== 'intent' || r.before.type !== 'move' || !r.before.notes.every((n) => n.hash !== undefined)) return r;
  const { notes, ...rest } = r.before;
  return { ...r, before: { ...rest, noteHashes: notes.map((n) => ({ path: n.path, hash: n.hash })) } };
}

export async function encodeRecord(r: JournalRecord): Promise<string> {
  const json = JSON.stringify(onDisk(r));
  return `${await sha256Hex(json)} ${json}\n`;
}

export async function encodeRecords(rs: readonly JournalRecord[]): Promise<string> {
  return (await Promise.all(rs.map(encodeRecord))).join('');
}

export type DecodedJournal =
  | {
      ok: true;
      /** Empty when even the begin record was torn: the job never started. */
      records: JournalRecord[];
      /** Set when a torn last line was dropped. */
      tornTail: string | null;
      /** The text of the good records, to rewrite the file without the torn tail. */
      validText: string;
    }
  | { ok: false; reason: string };

/**
 * The journal's lines as bytes: a job of many moves can write a journal larger than the longest
 * string JavaScript can hold (about 512 MB), so a journal is never decoded as one string; each
 * record is decoded on its own. `end` is the byte offset just past the line's newline.
 */
function* linesOf(bytes: Uint8Array): Generator<{ line: Uint8Array; end: number; complete: boolean }> {
  let from = 0;
  while (from < bytes.length) {
    const nl = bytes.indexOf(0x0a, from);
    if (nl === -1) {
      yield { line: bytes.subarray(from), end: bytes.length, complete: false };
      return;
    }
    yield { line: bytes.subarray(from, nl), end: nl + 1, complete: true };
    from = nl + 1;
  }
}

const utf8 = new TextDecoder();

/** A line's record when its checksum matches and its JSON parses; why not, otherwise. */
async function recordOf(line: Uint8Array): Promise<{ record: JournalRecord } | { bad: 'checksum' | 'json' }> {
  const text = utf8.decode(line);
  const space = text.indexOf(' ');
  const json = text.slice(space + 1);
  if (space !== 64 || (await sha256Hex(json)) !== text.slice(0, space)) return { bad: 'checksum' };
  try {
    return { record: JSON.parse(json) as JournalRecord };
  } catch {
    return { bad: 'json' };
  }
}

export type DecodedJournalBytes =
  | { ok: true; records: JournalRecord[]; tornTail: boolean; /** Bytes of the good records, to cut a torn tail off. */ validLength: number }
  | { ok: false; reason: string };

/**
 * What can be read of a damaged journal: the records before the first bad one (every record after
 * a bad one is distrusted, since the order of records is what the journal means), and why it
 * stopped there, or null when the whole journal reads cleanly.
 */
export async function salvageJournalBytes(bytes: Uint8Array): Promise<{ records: JournalRecord[]; damage: string | null; tornTail: boolean }> {
  const decoded = await decodeJournalBytes(bytes);
  if (decoded.ok) return { records: decoded.records, damage: null, tornTail: decoded.tornTail };
  const records: JournalRecord[] = [];
  const texts = new Map<string, string>();
  for (const { line } of linesOf(bytes)) {
    const r = await recordOf(line);
    if (!('record' in r) || !resolveTexts(r.record, texts)) break;
    records.push(r.record);
  }
  return { records: records[0]?.t === 'begin' ? records : [], damage: decoded.reason, tornTail: false };
}

export async function decodeJournalBytes(bytes: Uint8Array): Promise<DecodedJournalBytes> {
  const records: JournalRecord[] = [];
  const texts = new Map<string, string>();
  let validLength = 0;
  let i = 0;
  for (const { line, end, complete } of linesOf(bytes)) {
    i++;
    // After the last newline comes either nothing or a torn record.
    if (!complete) {
      if (records.length > 0 && records[0]?.t !== 'begin') return { ok: false, reason: 'the journal does not start with a begin record' };
      return { ok: true, records, tornTail: true, validLength };
    }
    const r = await recordOf(line);
    if ('bad' in r) {
      if (r.bad === 'json') return { ok: false, reason: `record ${i} is not JSON although its checksum matches` };
      if (end === bytes.length) return { ok: true, records, tornTail: true, validLength };
      return { ok: false, reason: `record ${i} fails its checksum` };
    }
    if (!resolveTexts(r.record, texts)) return { ok: false, reason: `record ${i} names a note text that no earlier record holds (or gives back)` };
    records.push(r.record);
    validLength = end;
  }
  if (records.length > 0 && records[0]?.t !== 'begin') return { ok: false, reason: 'the journal does not start with a begin record' };
  return { ok: true, records, tornTail: false, validLength };
}

/** decodeJournalBytes for a journal held as text (tests, small journals). */
export async function decodeJournal(text: string): Promise<DecodedJournal> {
  const bytes = new TextEncoder().encode(text);
  const d = await decodeJournalBytes(bytes);
  if (!d.ok) return d;
  const validText = utf8.decode(bytes.subarray(0, d.validLength));
  const rest = text.slice(validText.length);
  return { ok: true, records: d.records, tornTail: d.tornTail ? rest.replace(/\n$/, '') : null, validText };
}

/** The journal as text in pieces of whole lines (each well under the longest string), to scan. */
export function* journalTextPieces(bytes: Uint8Array, pieceBytes = 64 * 1024 * 1024): Generator<string> {
  let from = 0;
  while (from < bytes.length) {
    let to = Math.min(bytes.length, from + pieceBytes);
    if (to < bytes.length) {
      const nl = bytes.lastIndexOf(0x0a, to - 1);
      to = nl >= from ? nl + 1 : (bytes.indexOf(0x0a, to) + 1 || bytes.length);
    }
    yield utf8.decode(bytes.subarray(from, to));
    from = to;
  }
}

/** Records encoded as bytes, for a journal rewritten whole (it may be larger than a string can be). */
export async function encodeRecordBytes(rs: readonly JournalRecord[]): Promise<Uint8Array> {
  const encoder = new TextEncoder();
  const parts = await Promise.all(rs.map(async (r) => encoder.encode(await encodeRecord(r))));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
