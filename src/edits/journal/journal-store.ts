// Where journals live, in Reeve's state folder (`<configDir>/plugins/reeve/`, never data.json):
//   journal/<job>.jsonl          a job that is running or was interrupted
//   journal/done/<job>.jsonl     a finished job (applied or reverted), kept for undo
//   journal/quarantine/...       journals that failed their checksums, set aside for inspection
//   journal/blobs/<sha256>       copies of trashed files, so a trash can be undone anywhere
// (The texts of notes a move may rewrite are in the job's own journal, once each: journal-texts.ts.)
//   journal/intents/<job>.json   a copy of a running job's begin record (its operations), written
//                                before the journal, so a journal damaged or emptied later still
//                                says what the job meant to do
// A job file is append-only; finishing moves it to done/, so finding an interrupted job is a
// listing, not a parse of every journal ever written.
import type { StateStore, VaultPort } from '../../vault-vfs/vault-port';
import { JOURNAL_CHANGED, ownJournalChange } from './journal-lock';
import { decodeJournalBytes, encodeRecordBytes, encodeRecords, journalTextPieces, type JournalRecord, salvageJournalBytes } from './journal-records';
import { NoteTextHashes } from './content-hash';
import { JournalTexts } from './journal-texts';

export const JOURNAL_DIR = 'journal';
const DONE_DIR = `${JOURNAL_DIR}/done`;
const QUARANTINE_DIR = `${JOURNAL_DIR}/quarantine`;
const BLOB_DIR = `${JOURNAL_DIR}/blobs`;
const INTENT_DIR = `${JOURNAL_DIR}/intents`;

export type Where = 'active' | 'done';

export type LoadedJournal =
  | { ok: true; job: string; records: JournalRecord[]; tornTail: boolean }
  | { ok: false; job: string; reason: string };

/** Time-ordered job ids, so the newest job sorts last. */
export function newJobId(now = Date.now()): string {
  const bytes = new Uint8Array(3);
  crypto.getRandomValues(bytes);
  return `j${now.toString(36).padStart(9, '0')}${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function jobOf(name: string): string | null {
  const m = /([^/]+)\.jsonl$/.exec(name);
  return m ? (m[1] as string) : null;
}

export class JournalStore {
  /** Per job: the note texts its journal file holds, so each is written once. */
  private readonly texts = new Map<string, JournalTexts>();
  /** Note text hashes, shared by the steps (their done records) and the text records. */
  readonly hashes = new NoteTextHashes();

  constructor(readonly state: StateStore) {}

  private textsOf(job: string): JournalTexts {
    let t = this.texts.get(job);
    if (t === undefined) this.texts.set(job, (t = new JournalTexts(this.hashes)));
    return t;
  }

  private file(job: string, where: Where): string {
    return where === 'active' ? `${JOURNAL_DIR}/${job}.jsonl` : `${DONE_DIR}/${job}.jsonl`;
  }

  private async jobsIn(folder: string): Promise<string[]> {
    return (await this.state.list(folder))
      .map(jobOf)
      .filter((j): j is string => j !== null)
      .sort();
  }

  /** Jobs whose journal is not finished: running in this process, or interrupted. */
  activeJobs(): Promise<string[]> {
    return this.jobsIn(JOURNAL_DIR);
  }

  doneJobs(): Promise<string[]> {
    return this.jobsIn(DONE_DIR);
  }

  /** Reads and checks a journal. A torn last record is cut off the file so appends stay clean. */
  async load(job: string, where: Where): Promise<LoadedJournal> {
    // As bytes: a journal can be larger than the longest string (journal-records.ts).
    const bytes = await this.state.readBinary(this.file(job, where));
    if (bytes === null) return { ok: false, job, reason: 'the journal file is missing' };
    const decoded = await decodeJournalBytes(bytes);
    if (!decoded.ok) return { ok: false, job, reason: decoded.reason };
    if (decoded.tornTail) await this.state.write(this.file(job, where), bytes.slice(0, decoded.validLength));
    this.textsOf(job).clear();
    this.textsOf(job).learn(decoded.records);
    return { ok: true, job, records: decoded.records, tornTail: decoded.tornTail };
  }

  /**
   * Reads an active journal as far as it can be trusted (see salvageJournalBytes). `bytes` is null
   * when the file is missing.
   */
  async salvage(job: string): Promise<{ records: JournalRecord[]; damage: string | null; bytes: Uint8Array | null }> {
    const bytes = await this.state.readBinary(this.file(job, 'active'));
    if (bytes === null) return { records: [], damage: 'the journal file is missing', bytes };
    const read = await salvageJournalBytes(bytes);
    // A torn last record (a crash while it was appended) is cut off, so appends stay clean.
    if (read.damage === null && read.tornTail && read.records.length > 0) await this.rewrite(job, read.records);
    else {
      this.textsOf(job).clear();
      this.textsOf(job).learn(read.records);
    }
    return { records: read.records, damage: read.damage, bytes };
  }

  /** Replaces an active journal with these records (after its damaged original was kept aside). */
  async rewrite(job: string, records: readonly JournalRecord[]): Promise<void> {
    const texts = this.textsOf(job);
    texts.clear();
    const all = await texts.expand(records);
    await this.state.write(this.file(job, 'active'), await encodeRecordBytes(all));
    texts.wrote(all);
  }

  /** Copies a damaged journal aside, unchanged; returns the copy's name in the state folder. */
  async keepCopy(job: string, bytes: Uint8Array): Promise<string> {
    const target = `${QUARANTINE_DIR}/${job}-${Date.now()}.jsonl`;
    await this.state.write(target, bytes);
    return target;
  }

  /**
   * `absent`: the paths the job creates, and the folders above them, that did not exist when it
   * began, so that a lost record of a created folder can be told from one that was there already.
   */
  async saveIntent(begin: JournalRecord & { t: 'begin' }, absent: readonly string[]): Promise<void> {
    await this.state.write(`${INTENT_DIR}/${begin.job}.json`, JSON.stringify({ ...begin, absent }));
  }

  async readIntent(job: string): Promise<{ begin: JournalRecord & { t: 'begin' }; absent: string[] } | null> {
    const text = await this.state.read(`${INTENT_DIR}/${job}.json`);
    if (text === null) return null;
    try {
      const { absent, ...r } = JSON.parse(text) as JournalRecord & { absent?: string[] };
      return r.t === 'begin' && r.job === job && Array.isArray(r.ops) && Array.isArray(absent) ? { begin: r, absent } : null;
    } catch {
      return null;
    }
  }

  async append(job: string, records: readonly JournalRecord[]): Promise<void> {
    if (records.length === 0) return;
    const texts = this.textsOf(job);
    const all = await texts.expand(records);
    await this.state.append(this.file(job, 'active'), await encodeRecords(all));
    texts.wrote(all);
  }

  /** Moves a finished journal to done/, and says so to other processes waiting for the journal. */
  async finish(job: string): Promise<void> {
    await this.state.rename(this.file(job, 'active'), this.file(job, 'done'));
    await this.state.remove(`${INTENT_DIR}/${job}.json`);
    const mark = `${job} ${Date.now()} ${Math.random().toString(36).slice(2)}\n`;
    await this.state.write(JOURNAL_CHANGED, mark);
    ownJournalChange(this.state, mark);
  }

  /** Moves a finished journal back to the active folder, to undo it. */
  async reopen(job: string): Promise<void> {
    await this.state.rename(this.file(job, 'done'), this.file(job, 'active'));
  }

  /** Removes the journal of a job that never got past its begin record. */
  async discard(job: string): Promise<void> {
    await this.state.remove(this.file(job, 'active'));
  }

  /** Sets a corrupt journal aside; returns its new name in the state folder. */
  async quarantine(job: string, where: Where): Promise<string> {
    const target = `${QUARANTINE_DIR}/${job}-${Date.now()}.jsonl`;
    await this.state.rename(this.file(job, where), target);
    return target;
  }

  async saveBlob(hash: string, bytes: Uint8Array): Promise<void> {
    await this.state.write(`${BLOB_DIR}/${hash}`, bytes);
  }

  /** Keeps a copy of the vault file `path`, whose hash is `hash`: streamed where the port can. */
  async saveBlobOf(port: VaultPort, path: string, hash: string): Promise<void> {
    if (port.copyToState) await port.copyToState(path, `${BLOB_DIR}/${hash}`);
    else await this.saveBlob(hash, await port.readBinary(path));
  }

  /**
   * Creates `path` from the copy of `hash` (streamed where the port can); false when the copy is
   * missing.
   */
  async restoreBlob(port: VaultPort, hash: string, path: string): Promise<boolean> {
    const name = `${BLOB_DIR}/${hash}`;
    if (!port.createFromState) {
      const bytes = await this.readBlob(hash);
      if (bytes === null) return false;
      // The copy's bytes, not a decoding of them: a note that is not UTF-8 comes back whole.
      await port.createBinary(path, bytes);
      return true;
    }
    if (!(await this.state.list(BLOB_DIR)).includes(name)) return false;
    await port.createFromState(name, path);
    return true;
  }

  readBlob(hash: string): Promise<Uint8Array | null> {
    return this.state.readBinary(`${BLOB_DIR}/${hash}`);
  }

  /**
   * Keeps the newest `keep` finished journals, and the blobs they still refer to. Runs only once
   * the count passes half as many again, so its cost (reading the kept journals) is amortized.
   */
  async prune(keep: number): Promise<void> {
    const done = await this.doneJobs();
    if (done.length <= keep + Math.ceil(keep / 2)) return;
    for (const job of done.slice(0, done.length - keep)) await this.state.remove(this.file(job, 'done'));
    const wanted = new Set<string>();
    for (const job of [...done.slice(done.length - keep), ...(await this.activeJobs())]) {
      const bytes = (await this.state.readBinary(this.file(job, done.includes(job) ? 'done' : 'active'))) ?? new Uint8Array();
      for (const text of journalTextPieces(bytes)) for (const m of text.matchAll(/"hash":"([0-9a-f]{64})"/g)) wanted.add(m[1] as string);
    }
    for (const blob of await this.state.list(BLOB_DIR)) {
      if (!wanted.has(blob.slice(BLOB_DIR.length + 1))) await this.state.remove(blob);
    }
  }
}
