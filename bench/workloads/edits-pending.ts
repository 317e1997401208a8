// Pending blocks in a 1 MB note: inserting 200 proposals as `ai-edit` blocks, then resolving them
// (all at once, and one at a time as a user clicking Accept would), against the fair minimum for
// the same change: the same 200 line replacements done on the text with split/replace/join and
// written with the same atomic write (temp file, fsync, rename) the adapter uses.
// --quick: 50 blocks.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { journaledNoteWriter } from '../../src/edits/journal/journaled-note-writer';
import type { ResolvedEdit } from '../../src/edits/instructions/resolved-edit';
import { findBlocks } from '../../src/edits/pending/find-blocks';
import { proposeEdits } from '../../src/edits/pending/propose-edits';
import { resolveEditBlock, resolveNoteEditBlocks } from '../../src/edits/pending/resolve-edit-blocks';
import { buildScopePolicy } from '../../src/edits/scope/scope-policy';
import { writeFileAtomic } from '../../src/vault-vfs/node/atomic-write';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { type Workload } from '../harness';

const NOTE = 'Big.md';

function bigNote(): string {
  const lines: string[] = ['---', 'tags: [bench]', '---', '# A long note', ''];
  for (let i = 0; lines.join('\n').length < 1024 * 1024; i++) lines.push(`- item ${i}: some ordinary text that a long running log note would hold, #tag${i % 50}`);
  return lines.join('\n') + '\n';
}

/** `count` replacements on evenly spaced lines, as resolved edits. */
function edits(text: string, count: number): ResolvedEdit[] {
  const lines = text.split('\n');
  const step = Math.floor((lines.length - 10) / count);
  return Array.from({ length: count }, (_, k) => {
    const line = 6 + k * step;
    return { kind: 'edit', file: NOTE, type: 'replace', from: line, to: line + 1, before: lines[line] as string, after: `${lines[line] as string} (edited)`, index: k, source: `replace:${line + 1}` };
  });
}

/** The baseline: the same replacements on an array of lines. */
function replaceLines(text: string, es: readonly ResolvedEdit[]): string {
  const lines = text.split('\n');
  for (const e of es) lines[e.from] = e.after;
  return lines.join('\n');
}

const policy = buildScopePolicy({ configDir: '.obsidian', scope: { folders: ['**'] }, capabilities: ['add', 'delete', 'create', 'navigate'] });

const workload: Workload = {
  name: 'edits-pending',
  description:
    'Pending blocks in a 1 MB note (about 12k lines): inserting 200 `ai-edit` blocks in one atomic write, accepting all 200 in one journaled write, and accepting them one at a time ' +
    '(each a journaled job: read, find the block, check staleness, write, journal). Baseline: the same 200 line replacements with split/replace/join and the same atomic write ' +
    '(one write, or one write per replacement for the one-at-a-time case).',
  async run(bench, ctx) {
    const count = ctx.quick ? 50 : 200;
    const text = bigNote();
    const es = edits(text, count);
    const dir = path.join(ctx.tmp, 'pending');
    await fs.mkdir(dir, { recursive: true });
    const baselineFile = path.join(dir, 'baseline.md');
    const vault = await NodeVault.open(dir);
    const writer = journaledNoteWriter(vault, 'bench accept');
    const reset = async (candidateText: string): Promise<void> => {
      await fs.writeFile(path.join(dir, NOTE), candidateText);
      await fs.writeFile(baselineFile, text);
    };
    const oneWrite = async (): Promise<void> => writeFileAtomic(baselineFile, replaceLines(await fs.readFile(baselineFile, 'utf8'), es));
    const size = `${(text.length / 1024 / 1024).toFixed(1)} MB note`;

    await bench.compare(
      `insert ${count} pending blocks into a ${size}`,
      async () => {
        const report = await proposeEdits(vault, { edits: es, creates: [], opens: [], alreadyApplied: [], refused: [], sources: { [NOTE]: text } }, policy);
        if (report.proposed.length !== count) throw new Error(`proposed ${report.proposed.length} of ${count}`);
      },
      `${count} line replacements, one atomic write`,
      oneWrite,
      { repeats: 5, note: 'median of 5', before: () => reset(text) },
    );

    // The blocks to accept are ones Reeve proposed (recorded in its ledger), as a user's would be:
    // propose once more and keep that text, so each repeat accepts recorded blocks.
    await reset(text);
    await proposeEdits(vault, { edits: es, creates: [], opens: [], alreadyApplied: [], refused: [], sources: { [NOTE]: text } }, policy);
    const withBlocks = await fs.readFile(path.join(dir, NOTE), 'utf8');

    await bench.compare(
      `accept all ${count} blocks in one journaled write`,
      async () => {
        const outcomes = await resolveNoteEditBlocks(vault, NOTE, 'accept', { policy, writer });
        const refused = outcomes.find((o) => o.status !== 'done');
        if (refused) throw new Error(`an accept was refused: ${refused.reason ?? ''}`);
      },
      `${count} line replacements, one atomic write`,
      oneWrite,
      { repeats: 5, note: 'median of 5', before: () => reset(withBlocks) },
    );

    const ids = findBlocks(withBlocks).map((b) => (b.state === 'pending' ? b.data.id : ''));
    await bench.compare(
      `accept ${count} blocks one at a time (${count} journaled jobs)`,
      async () => {
        for (const id of ids) {
          const o = await resolveEditBlock(vault, NOTE, id, 'accept', { policy, writer });
          if (o.status !== 'done') throw new Error(`accept refused: ${o.reason ?? ''}`);
        }
      },
      `${count} line replacements, ${count} atomic writes`,
      async () => {
        let current = await fs.readFile(baselineFile, 'utf8');
        for (const e of es) {
          current = replaceLines(current, [e]);
          await writeFileAtomic(baselineFile, current);
        }
      },
      { repeats: ctx.quick ? 3 : 2, warmup: 0, note: `median of ${ctx.quick ? 3 : 2}`, before: () => reset(withBlocks) },
    );
  },
};

export default workload;
