// A rule's tag and property edits at scale: 10,000 frontmatter edits (one `add_tags` per note)
// executed through the journal (the note's text kept for undo, intent and done records, a check
// that the note is unchanged before each write) against the same edits made directly with the
// adapter's processFrontMatter: what a plugin does without a journal (read, parse the YAML, set,
// write, per note). Fresh copies of one vault each round, interleaved. --quick: 1,000 edits.
import * as path from 'node:path';
import { executeJob } from '../../src/edits/journal/execute-job';
import { undoJob } from '../../src/edits/journal/recover-jobs';
import { applyNoteEdit } from '../../src/vault-vfs/markdown/note-edit';
import type { PlannedOperation } from '../../src/vault-vfs/operations';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { fmtMs, fmtSpread, type Workload } from '../harness';
import { doneRecordBytes, JournalVaultPair, writeNotesInFolders } from '../journal-vaults';

const workload: Workload = {
  name: 'frontmatter-edits',
  description:
    'Executing a job of frontmatter edits (one `add_tags` per note, as a rule that tags every note plans them) through the journal, against the same edits made ' +
    "directly with the adapter's `processFrontMatter` (read, parse the YAML, set, write per note: what a plugin does without a journal), on fresh copies of one vault, interleaved. " +
    "The journal keeps each note's text before its edit (so undo restores it byte for byte) and checks the note is unchanged before writing.",
  async run(bench, ctx) {
    const edits = ctx.quick ? 1_000 : 10_000;
    const base = path.join(ctx.tmp, 'frontmatter-base');
    // `notes` notes in folders of 100, with properties and a body of a few paragraphs.
    const paths = await writeNotesInFolders(base, edits, (i, all) => {
      const body = Array.from({ length: 4 }, (_, k) => `Paragraph ${k} of note ${i}, with [[note ${(i * 7 + k) % all.length}]] and #inline.`).join('\n\n');
      return `---\ntitle: Note ${i}\ntags: [bench, n${i % 10}]\nstatus: draft\ncreated: 2024-01-${String((i % 28) + 1).padStart(2, '0')}\n---\n# Note ${i}\n\n${body}\n`;
    });
    const ops: PlannedOperation[] = paths.map((p, i) => ({ opId: `e${i}`, type: 'add_tags', path: p, before: ['bench', `n${i % 10}`], after: ['bench', `n${i % 10}`, 'processed'] }));
    const vaults = new JournalVaultPair(ctx.tmp, base, 'frontmatter');
    let job: string | null = null;
    let journalBytes = 0;
    const result = await bench.compare(
      `${edits.toLocaleString('en')} frontmatter edits through the journal`,
      async () => {
        const v = vaults.journaled as NodeVault;
        const report = await executeJob(v, { description: 'bench', operations: ops });
        if (report.failure) throw new Error(`bench job failed: ${report.failure.reason}`);
        job = report.job;
        journalBytes = await doneRecordBytes(v, report.job);
      },
      `the same edits with processFrontMatter, no journal`,
      async () => {
        const v = vaults.plain as NodeVault;
        for (const op of ops) if (op.type === 'add_tags') await v.processFrontMatter(op.path, applyNoteEdit(op));
      },
      {
        // Each side writes every note through the adapter's atomic, synced write: 3 pairs keep the
        // full run within minutes and still show the spread.
        repeats: 3,
        warmup: 0,
        note: `median of 3 interleaved pairs; fresh copies of a ${edits.toLocaleString('en')}-note vault (copy and open not timed)`,
        before: () => vaults.renew(),
      },
    );
    const overhead = result.candidate.medianMs - result.baseline.medianMs;
    bench.record({
      case: 'journal overhead per frontmatter edit',
      value: fmtMs(overhead / edits),
      note: `${((overhead / result.baseline.medianMs) * 100).toFixed(0)}% over plain processFrontMatter; journal file ${(journalBytes / 1024 / 1024).toFixed(1)} MiB (each note's text is kept for undo)`,
    });
    // Undo of the last journaled run: every note back byte for byte.
    const v = vaults.journaled as NodeVault;
    const t0 = performance.now();
    const undone = await undoJob(v, job ?? undefined);
    const undoMs = performance.now() - t0;
    if (undone.state !== 'reverted') throw new Error('bench undo did not revert');
    bench.record({ case: `undo of ${edits.toLocaleString('en')} frontmatter edits`, value: fmtSpread([undoMs]), note: 'one run; the check that no note changed since, then each note rewritten from the kept text' });
  },
};

export default workload;
