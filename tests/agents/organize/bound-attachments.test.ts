// A folder whose notes and attachments belong together (a note embeds or links the attachment, or
// they share a name) is neither moved whole into the attachment folder by its attachments' vote nor
// dissolved by filing its attachments there one by one; loose attachments still go there.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { planOrganize } from '../../../src/agents/organize/plan-organize';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import { makeTempVault, type TempVault } from '../../helpers/temp-vault';

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
let tv: TempVault | undefined;
afterEach(async () => {
  await tv?.cleanup();
  tv = undefined;
});

const plan = async (dir: string, attachmentFolder: string | null) =>
  planOrganize(await NodeVault.open(dir), { folder: '', sources: new Set(['heuristics']), planId: 'p', attachmentFolder });

const sourcesOf = (ops: readonly { type: string; source?: string }[]): string[] => ops.flatMap((o) => (o.type === 'move' || o.type === 'rename' ? [o.source ?? ''] : []));

describe('attachments that belong with the notes beside them', () => {
  it('a trip folder of two notes and five photos stays whole; a loose photo still goes to the attachment folder', async () => {
    tv = await makeTempVault({
      'Attachments/logo.png': JPEG,
      'Trip to Lisbon/Lisbon itinerary.md': 'Day one: ![[IMG_0001.jpg]] and ![[IMG_0002.jpg]]\n',
      'Trip to Lisbon/Packing.md': 'Sunscreen, [[IMG_0003.jpg|the map photo]].\n',
      'Trip to Lisbon/IMG_0001.jpg': JPEG,
      'Trip to Lisbon/IMG_0002.jpg': JPEG,
      'Trip to Lisbon/IMG_0003.jpg': JPEG,
      'Trip to Lisbon/Lisbon tram.jpg': JPEG,
      'Trip to Lisbon/Lisbon castle.jpg': JPEG,
      'photo.jpg': JPEG,
    });
    const p = await plan(tv.dir, 'Attachments');
    const moved = sourcesOf(p.operations);
    expect(moved.filter((s) => s.startsWith('Trip to Lisbon'))).toEqual([]);
    expect(moved).toContain('photo.jpg');
  });

  it('holds for any such folder, with or without the attachment folder setting', async () => {
    const attachment = fc.record({ kind: fc.constantFrom('jpg', 'png', 'pdf'), tie: fc.constantFrom('embed', 'link', 'name'), note: fc.nat() });
    const trip = fc.record({
      name: fc.constantFrom('Trip to Lisbon', 'Wedding', 'Kitchen renovation', 'Garden 2024'),
      notes: fc.integer({ min: 1, max: 3 }),
      attachments: fc.array(attachment, { minLength: 1, maxLength: 8 }),
      setting: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(trip, async (t) => {
        const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reeve-bound-'));
        try {
          const word = t.name.split(' ').find((w) => w.length > 3 && !/^\d+$/.test(w)) ?? t.name;
          const notes: string[] = Array.from({ length: t.notes }, () => '');
          await fs.mkdir(path.join(dir, t.name), { recursive: true });
          await fs.mkdir(path.join(dir, 'Attachments'), { recursive: true });
          await fs.writeFile(path.join(dir, 'Attachments', 'logo.png'), JPEG);
          const files: string[] = [];
          for (const [i, a] of t.attachments.entries()) {
            const file = a.tie === 'name' ? `${word} ${i}.${a.kind}` : `IMG_${1000 + i}.${a.kind}`;
            files.push(`${t.name}/${file}`);
            await fs.writeFile(path.join(dir, t.name, file), JPEG);
            const n = a.note % t.notes;
            if (a.tie === 'embed') notes[n] += `![[${file}]]\n`;
            if (a.tie === 'link') notes[n] += `See [[${file}]].\n`;
          }
          for (const [i, text] of notes.entries()) await fs.writeFile(path.join(dir, t.name, `Day ${'abc'[i] ?? i}.md`), `${text}Walked all day.\n`);
          const p = await plan(dir, t.setting ? 'Attachments' : null);
          expect(sourcesOf(p.operations).filter((s) => s === t.name || files.includes(s))).toEqual([]);
        } finally {
          await fs.rm(dir, { recursive: true, force: true });
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
