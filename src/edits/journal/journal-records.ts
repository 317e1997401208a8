// The journal's record format. One record per line: the SHA-256 of the JSON, a space, the JSON.
// A record is only trusted when its checksum matches. The last line may be torn (a crash while it
// was being appended): it is dropped, since the step it announced cannot have run yet. A bad line
// anywhere else means the journal is corrupt, and nothing is run from it.
import { sha256Hex } from './content-hash';
import type { JobOperation } from './job-operation';

/** What a step recorded before it ran, to verify and to reverse it. */
export type StepBefore =
  | {
      type: 'move';
      kind: 'file' | 'folder';
      hash: string | null;
      notes: { path: string; text: string }[];
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

export async function encodeRecord(r: JournalRecord): Promise<string> {
  const json = JSON.stringify(r);
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
 * What can be read of a damaged journal: the records before the first bad one (every record after
 * a bad one is distrusted, since the order of records is what the journal means), and why it
 * stopped there, or null when the whole journal reads cleanly.
 */
export async function salvageJournal(text: string): Promise<{ records: JournalRecord[]; damage: string | null; tornTail: boolean }> {
  const decoded = await decodeJournal(text);
  if (decoded.ok) return { records: decoded.records, damage: null, tornTail: decoded.tornTail !== null };
  const lines = text.split('\n');
  const records: JournalRecord[] = [];
  for (const line of lines) {
    const space = line.indexOf(' ');
    const json = line.slice(space + 1);
    if (space !== 64 || (await sha256Hex(json)) !== line.slice(0, space)) break;
    try {
      records.push(JSON.parse(json) as JournalRecord);
    } catch {
      break;
    }
  }
  return { records: records[0]?.t === 'begin' ? records : [], damage: decoded.reason, tornTail: false };
}

export async function decodeJournal(text: string): Promise<DecodedJournal> {
  const records: JournalRecord[] = [];
  const lines = text.split('\n');
  // After the last "\n" comes either nothing or a torn record.
  const complete = lines.slice(0, -1);
  const partial = text.endsWith('\n') ? null : (lines[lines.length - 1] as string);
  let validLength = 0;
  for (let i = 0; i < complete.length; i++) {
    const line = complete[i] as string;
    const space = line.indexOf(' ');
    const sum = line.slice(0, space);
    const json = line.slice(space + 1);
    const good = space === 64 && (await sha256Hex(json)) === sum;
    if (!good) {
      if (i === complete.length - 1 && partial === null) return { ok: true, records, tornTail: line, validText: text.slice(0, validLength) };
      return { ok: false, reason: `record ${i + 1} fails its checksum` };
    }
    try {
      records.push(JSON.parse(json) as JournalRecord);
    } catch {
      return { ok: false, reason: `record ${i + 1} is not JSON although its checksum matches` };
    }
    validLength += line.length + 1;
  }
  if (records.length > 0 && records[0]?.t !== 'begin') return { ok: false, reason: 'the journal does not start with a begin record' };
  return { ok: true, records, tornTail: partial === '' ? null : partial, validText: text.slice(0, validLength) };
}
