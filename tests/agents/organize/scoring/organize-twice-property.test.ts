// Organizing twice proposes nothing, end to end on real files: random vaults of topic notes,
// attachments and dated notes in random folders, organized offline (heuristics and similarity
// scores) and applied through the journal; a second organize right after proposes no operation.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { organizeFolder } from '../../../../src/agents/organize/organize-run';
import { NodeVault } from '../../../../src/vault-vfs/node/node-vault';

const TOPICS = [
  ['bread', 'flour', 'bake', 'loaf', 'oven', 'yeast'],
  ['travel', 'trip', 'tram', 'city', 'hotel', 'train'],
  ['garden', 'seed', 'soil', 'tomato', 'compost', 'bed'],
];
const FOLDERS = ['', 'Bread', 'Travel', 'Garden', 'Misc', 'Misc/Old', 'Travel/Old'];
// Images and PDFs mixed in: a folder moved whole by the heuristics' 70% vote (three daily notes and
// an image, three images and a PDF) must have its other files filed in the same plan, not by a
// second run.
const KINDS = ['md', 'md', 'md', 'png', 'jpg', 'pdf', 'daily'] as const;

const file = fc.record({
  folder: fc.integer({ min: 0, max: FOLDERS.length - 1 }),
  topic: fc.integer({ min: 0, max: TOPICS.length - 1 }),
  kind: fc.constantFrom(...KINDS),
  name: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 2 }),
  text: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 2, maxLength: 6 }),
  day: fc.integer({ min: 1, max: 28 }),
});

async function organize(dir: string, apply: boolean): Promise<string[]> {
  const outcome = await organizeFolder(await NodeVault.open(dir), { folder: 'Inbox', sources: new Set(['heuristics']), planFolder: 'Plans', planId: `p${String(apply)}`, ...(apply ? { apply: true } : { dryRun: true }) });
  if (apply) expect(outcome.run?.results.filter((r) => r.state === 'failed') ?? []).toEqual([]);
  return outcome.plan.operations.map((op) => (op.type === 'move' || op.type === 'rename' ? `${op.type} ${op.source} -> ${op.destination}` : `${op.type} ${op.path}`));
}

describe('organize twice, on random vaults', () => {
  it('proposes nothing the second time', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(file, { minLength: 3, maxLength: 12 }), async (files) => {
        const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reeve-twice-prop-'));
        try {
          for (const [i, f] of files.entries()) {
            const words = TOPICS[f.topic] ?? [];
            const folder = ['Inbox', FOLDERS[f.folder]].filter((s) => s !== '').join('/');
            const stem = f.kind === 'daily' ? `2024-03-${String(f.day).padStart(2, '0')}` : `${f.name.map((w) => words[w]).join(' ')} ${i}`;
            const ext = f.kind === 'daily' ? 'md' : f.kind;
            await fs.mkdir(path.join(dir, folder), { recursive: true });
            await fs.writeFile(path.join(dir, folder, `${stem}.${ext}`), f.text.map((w) => words[w]).join(' ') + ` ${i}\n`, { flag: 'wx' }).catch(() => undefined);
          }
          await organize(dir, true);
          expect(await organize(dir, false)).toEqual([]);
        } finally {
          await fs.rm(dir, { recursive: true, force: true });
        }
      }),
      {
        numRuns: 25,
        // Found by this property: a folder and a subfolder of it moved by one plan, the folder first.
        examples: [[[
          // Found by this property once filed files stayed (issue 26): the first run's Attachments/
          // became a home by its contents, and the second run moved a PDF filed in Bread into it.
          { folder: 0, topic: 0, kind: 'jpg', name: [0], text: [0, 0], day: 1 },
          { folder: 1, topic: 0, kind: 'pdf', name: [0], text: [0, 0], day: 1 },
          { folder: 0, topic: 0, kind: 'pdf', name: [0], text: [0, 0], day: 1 },
          { folder: 4, topic: 0, kind: 'jpg', name: [0], text: [0, 0], day: 1 },
          { folder: 0, topic: 0, kind: 'pdf', name: [0], text: [0, 0], day: 1 },
          { folder: 0, topic: 0, kind: 'pdf', name: [0], text: [0, 0], day: 1 },
        ]], [[
          { folder: 5, topic: 1, kind: 'md', name: [1], text: [0, 0], day: 1 },
          { folder: 6, topic: 1, kind: 'md', name: [0], text: [0, 1], day: 1 },
          { folder: 0, topic: 0, kind: 'md', name: [0], text: [0, 0], day: 1 },
          { folder: 0, topic: 0, kind: 'md', name: [0], text: [0, 0], day: 1 },
          { folder: 4, topic: 1, kind: 'md', name: [0], text: [2, 0], day: 1 },
        ]], [[
          // Found by this property once images joined it: three daily notes and an image in Misc; the
          // folder moved whole by the notes' vote, and the second run filed the image.
          { folder: 4, topic: 0, kind: 'daily', name: [0], text: [0, 0], day: 1 },
          { folder: 4, topic: 0, kind: 'daily', name: [0], text: [0, 0], day: 2 },
          { folder: 0, topic: 0, kind: 'md', name: [0], text: [0, 0], day: 1 },
          { folder: 4, topic: 0, kind: 'png', name: [0], text: [0, 0], day: 1 },
          { folder: 4, topic: 0, kind: 'daily', name: [0], text: [0, 0], day: 3 },
        ]], [[
          // Found by this property: a PDF held by the daily note beside it (they share the folder's
          // word), the note filed away; the second run, with no note left, filed the PDF.
          { folder: 2, topic: 0, kind: 'daily', name: [0], text: [0, 0], day: 1 },
          { folder: 2, topic: 1, kind: 'pdf', name: [0], text: [0, 0], day: 1 },
          { folder: 0, topic: 0, kind: 'md', name: [0], text: [0, 0], day: 1 },
          { folder: 0, topic: 0, kind: 'md', name: [0], text: [0, 0], day: 1 },
        ]], [[
          // Found by this property: the scores' own moves (a PDF into Travel, Misc/Old into Travel/Old)
          // gave Travel the five attachments of an attachment home; the photo the scores had put in
          // Misc was filed there by the second run (heuristics-after-scores.ts files it in the first).
          { folder: 0, topic: 0, kind: 'jpg', name: [0], text: [0, 0], day: 1 },
          { folder: 0, topic: 0, kind: 'pdf', name: [0], text: [0, 0], day: 1 },
          { folder: 2, topic: 0, kind: 'pdf', name: [0], text: [0, 0], day: 1 },
          { folder: 2, topic: 0, kind: 'pdf', name: [0], text: [0, 0], day: 1 },
          { folder: 5, topic: 0, kind: 'jpg', name: [0], text: [0, 0], day: 1 },
          { folder: 6, topic: 0, kind: 'jpg', name: [0], text: [0, 0], day: 1 },
          { folder: 1, topic: 0, kind: 'md', name: [0], text: [0, 0], day: 1 },
        ]]],
      },
    );
  }, 120_000);
});
