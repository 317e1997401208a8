// Note texts in a journal, each held once. A move's intent record keeps the text of every note the
// move may rewrite (about 23 notes a move in a 10k-note vault), so that reversing it puts each
// back byte for byte. Held inline, a 1,000-move job wrote the same texts again and again: a
// 566 MB journal, much of the job's time spent encoding and hashing it. Now a note's text goes
// into the journal once, as a `text` record named by its SHA-256, and an intent names it by that
// hash. The text record is written before the first intent that names it, in the same append or
// an earlier one, so it is on disk (same file, earlier bytes, same sync) whenever the intent is:
// a journal read up to any point never holds an intent whose text it lacks. A text that differs
// from the last one recorded for the same note (a note rewritten by the moves before) is held as
// splices of that one (text-splices.ts), so a note's texts cost its text once and then its link
// rewrites. Journals written before this held the text in the intent itself; those read as they are.
import { NoteTextHashes } from './content-hash';
import type { JournalRecord, RecordedNote } from './journal-records';
import { applySplices, splicesGive, splicesSize, textSplices } from './text-splices';

/** The texts (by hash) already in one job's journal file, and the last text seen per note. */
export class JournalTexts {
  private readonly inJournal = new Set<string>();
  /** The last text recorded per note in this run (shared strings: each distinct text once). */
  private readonly last = new Map<string, { text: string; hash: string }>();

  constructor(private readonly hashes = new NoteTextHashes()) {}

  /** Forgets what the file held (it was rewritten whole). */
  clear(): void {
    this.inJournal.clear();
  }

  /** Learns the text records of a journal as read back. */
  learn(records: readonly JournalRecord[]): void {
    for (const r of records) if (r.t === 'text') this.inJournal.add(r.hash);
  }

  /**
   * The records to write for `records`: a text record goes before the first intent naming a text
   * the file does not hold yet; a text record already held is dropped. Gives each recorded note
   * its hash (hashed once per distinct text: a note unchanged since the last step is not hashed
   * again, and shares that step's string, so a job keeps each distinct text in memory once).
   * Call `wrote` with the same records once they are on disk.
   */
  async expand(records: readonly JournalRecord[]): Promise<JournalRecord[]> {
    const out: JournalRecord[] = [];
    const adding = new Set<string>();
    for (const r of records) {
      if (r.t === 'text') {
        if (!this.inJournal.has(r.hash) && !adding.has(r.hash)) out.push(r);
        adding.add(r.hash);
        continue;
      }
      if (r.t === 'intent' && r.before.type === 'move') {
        for (const n of r.before.notes) {
          const earlier = await this.hashOf(n);
          const hash = n.hash as string;
          if (this.inJournal.has(hash) || adding.has(hash)) continue;
          adding.add(hash);
          out.push(earlier && (this.inJournal.has(earlier.hash) || adding.has(earlier.hash)) ? textRecord(hash, n.text, earlier) : { t: 'text', hash, text: n.text });
        }
      }
      out.push(r);
    }
    return out;
  }

  /** The records of `expand` are on disk: their texts need not be written again. */
  wrote(records: readonly JournalRecord[]): void {
    this.learn(records);
  }

  /** Sets the note's hash; returns the note's text recorded before, when it differs. */
  private async hashOf(n: RecordedNote): Promise<{ text: string; hash: string } | null> {
    const seen = this.last.get(n.path);
    if (seen !== undefined && seen.text === n.text) {
      n.text = seen.text;
      n.hash = seen.hash;
      return null;
    }
    n.hash ??= await this.hashes.of(n.path, n.text);
    this.last.set(n.path, { text: n.text, hash: n.hash });
    return seen ?? null;
  }
}

/** A text record for `text`: splices of the earlier text when they are much smaller, checked to give it back. */
function textRecord(hash: string, text: string, earlier: { text: string; hash: string }): JournalRecord {
  const splices = textSplices(earlier.text, text);
  if (splicesSize(splices) * 2 > text.length || !splicesGive(earlier.text, splices, text)) return { t: 'text', hash, text };
  return { t: 'text', hash, from: earlier.hash, splices };
}

/**
 * Gives every recorded note of an intent its text from the journal's text records met so far
 * (`texts`, which a text record joins), in place; the notes of journals written before text
 * records hold theirs already. False when the record names a text no earlier record holds: a
 * journal that is whole never does, so one that does is damaged from there on.
 */
export function resolveTexts(r: JournalRecord, texts: Map<string, string>): boolean {
  if (r.t === 'text') {
    if ('text' in r) texts.set(r.hash, r.text);
    else {
      const earlier = texts.get(r.from);
      if (earlier === undefined) return false;
      try {
        texts.set(r.hash, applySplices(earlier, r.splices));
      } catch {
        return false;
      }
    }
  } else if (r.t === 'intent' && r.before.type === 'move') {
    // Notes named by hash are under `noteHashes` on disk (journal-records.ts, onDisk).
    const before = r.before as typeof r.before & { noteHashes?: { path: string; hash: string }[] };
    if (before.noteHashes !== undefined) {
      before.notes = before.noteHashes.map((n) => ({ path: n.path, text: undefined as unknown as string, hash: n.hash }));
      delete before.noteHashes;
    }
    if (!Array.isArray(before.notes)) return false;
    for (const n of before.notes) {
      if (typeof n.text === 'string') continue;
      const text = n.hash === undefined ? undefined : texts.get(n.hash);
      if (text === undefined) return false;
      n.text = text;
    }
  }
  return true;
}
