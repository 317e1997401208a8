// A rule's tag and property edits at scale: 10,000 frontmatter edits (one `add_tags` per note)
// executed through the journal (the note's text kept for undo, intent and done records, a check
// that the note is unchanged before each write) against the same edits made directly with the
// adapter's processFrontMatter: what a plugin does without a journal (read, parse the YAML, set,
// write, per note). Fresh copies of one vault each round, interleaved. --quick: 1,000 edits.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { executeJob } from '../../src/edits/journal/execute-job';
import { undoJob } from '../../src/edits/journal/recover-jobs';
import { applyNoteEdit } from '../../src/vault-vfs/markdown/note-edit';
import type { PlannedOperation } from '../../src/vault-vfs/operations';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { fmtMs, fmtSpread, type Workload } from '../harness';

/** `notes` notes in folders of 100, with properties and a body of a few paragraphs. */
async function writeVault(dir: string, notes: number): Promise<string[]> {
  const paths = Array.from({ length: notes }, (_, i) => `Folder ${Math.floor(i / 100)}/note ${i}.md`);
  for (let f = 0; f * 100 < notes; f++) await fs.mkdir(path.join(dir, `Folder ${f}`), { recursive: true });
  for (const [i, p] of paths.entries()) {
    const body = Array.from({ length: 4 }, (_, k) => `Paragraph ${k} of note ${i}, with [[note ${(i * 7 + k) % notes}]] and #inline.`).join('\n\n');
    await fs.writeFile(path.join(dir, p), `---\ntitle: Note ${i}\ntags: [bench, n${i % 10}]\nstatus: draft\ncreated: 2024-01-${String((i % 28) + 1).padStart(2, '0')}\n---\n# Note ${i}\n\n${body}\n`);
  }
  return paths;
}

const workload: Workload = {
  name: 'frontmatter-edits',
  description:
    'Executing a job of frontmatter edits (one `add_tags` per note, as a rule that tags every note plans them) through the journal, against the same edits made ' +
    "directly with the adapter's `processFrontMatter` (read, parse the YAML, set, write per note: what a plugin does without a journal), on fresh copies of one vault, interleaved. " +
    "The journal keeps each note's text before its edit (so undo restores it byte for byte) and checks the note is unchanged before writing.",
  async run(bench, ctx) {
    const edits = ctx.quick ? 1_000 : 10_000;
    const base = path.join(ctx.tmp, 'frontmatter-base');
    const paths = await writeVault(base, edits);
    const ops: PlannedOperation[] = paths.map((p, i) => ({ opId: `e${i}`, type: 'add_tags', path: p, before: ['bench', `n${i % 10}`], after: ['bench', `n${i % 10}`, 'processed'] }));
    let round = 0;
    const copy = async (): Promise<string> => {
      const dir = path.join(ctx.tmp, `frontmatter-${round++}`);
      await fs.cp(base, dir, { recursive: true });
      return dir;
    };
    const state: { journaled: NodeVault | null; plain: NodeVault | null; job: string | null } = { journaled: null, plain: null, job: null };
    let journalBytes = 0;
    const result = await bench.compare(
      `${edits.toLocaleString('en')} frontmatter edits through the journal`,
      async () => {
        const v = state.journaled as NodeVault;
        const report = await executeJob(v, { description: 'bench', operations: ops });
        if (report.failure) throw new Error(`bench job failed: ${report.failure.reason}`);
        state.job = report.job;
        journalBytes = (await fs.stat(path.join(v.root, v.configDir, 'plugins/steward/journal/done', `${report.job}.jsonl`))).size;
      },
      `the same edits with processFrontMatter, no journal`,
      async () => {
        const v = state.plain as NodeVault;
        for (const op of ops) if (op.type === 'add_tags') await v.processFrontMatter(op.path, applyNoteEdit(op));
      },
      {
        // Each side writes every note through the adapter's atomic, synced write: 3 pairs keep the
        // full run within minutes and still show the spread.
        repeats: 3,
        warmup: 0,
        note: `median of 3 interleaved pairs; fresh copies of a ${edits.toLocaleString('en')}-note vault (copy and open not timed)`,
        before: async () => {
          for (const v of [state.journaled, state.plain]) if (v) await fs.rm(v.root, { recursive: true, force: true });
          state.journaled = await NodeVault.open(await copy());
          state.plain = await NodeVault.open(await copy());
        },
      },
    );
    const overhead = result.candidate.medianMs - result.baseline.medianMs;
    bench.record({
      case: 'journal overhead per frontmatter edit',
      value: fmtMs(overhead / edits),
      note: `${((overhead / result.baseline.medianMs) * 100).toFixed(0)}% over plain processFrontMatter; journal file ${(journalBytes / 1024 / 1024).toFixed(1)} MiB (each note's text is kept for undo)`,
    });
    // Undo of the last journaled run: every note back byte for byte.
    const v = state.journaled as NodeVault;
    const t0 = performance.now();
    const undone = await undoJob(v, state.job ?? undefined);
    const undoMs = performance.now() - t0;
    if (undone.state !== 'reverted') throw new Error('bench undo did not revert');
    bench.record({ case: `undo of ${edits.toLocaleString('en')} frontmatter edits`, value: fmtSpread([undoMs]), note: 'one run; the check that no note changed since, then each note rewritten from the kept text' });
  },
};

export default workload;
