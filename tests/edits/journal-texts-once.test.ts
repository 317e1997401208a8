// A move's intent record keeps the text of every note the move may rewrite, so undo and recovery
// can put each back byte for byte. Held inline, a note linking to many moved notes was copied into
// the journal once per move: a 1,000-move job at 10k notes wrote a 566 MB journal. Now each text
// goes into the journal once (a `text` record, named by hash; a later text of the same note as
// splices of the earlier one), written before the intent that names it. These tests run real jobs
// on real files: the journal's size, undo and recovery byte for byte, a crash between a text
// record and its intent, and journals written by the version before (tests/fixtures/old-journal).
import { promises as fs, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { executeJob } from '../../src/edits/journal/execute-job';
import { decodeJournal, encodeRecords } from '../../src/edits/journal/journal-records';
import { recoverJobs, undoJob } from '../../src/edits/journal/recover-jobs';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { removeVault, snapshot, tempVault, type TempVault } from './helpers/temp-vault';

const vaults: TempVault[] = [];
afterEach(async () => {
  for (const v of vaults.splice(0)) await removeVault(v);
});

async function open(files: Record<string, string>): Promise<TempVault> {
  const v = await tempVault(files);
  vaults.push(v);
  return v;
}

const MOVED = 30;
const HUBS = 6;

/**
 * MOVED short notes in Inbox/, and HUBS long notes (about 24 KB, non-ASCII, CRLF) that link to
 * every one of them by path, so each move rewrites every hub.
 */
function hubVault(filler = 400): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < MOVED; i++) files[`Inbox/n${i}.md`] = `# Note ${i}\n\nSee [[Inbox/n${(i + 1) % MOVED}]].\n`;
  for (let k = 0; k < HUBS; k++) {
    const lines: string[] = [`# Hub ${k} — café`];
    const every = Math.floor(filler / MOVED);
    for (let l = 0; l < filler; l++) {
      const link = l % every === 0 && l / every < MOVED;
      lines.push(link ? `- see [[Inbox/n${l / every}]], then ${l}` : `Line ${l} of hub ${k}, with words that do not link — ${'é'.repeat(l % 7)}`);
    }
    files[`Hubs/h${k}.md`] = lines.join('\r\n');
  }
  return files;
}

const moves = Array.from({ length: MOVED }, (_, i) => ({ opId: `o${i}`, type: 'move' as const, source: `Inbox/n${i}.md`, destination: `Sorted/n${i}.md` }));

async function journalBytes(dir: string, where: 'done' | 'active'): Promise<number> {
  const folder = path.join(dir, '.obsidian/plugins/reeve/journal', where === 'done' ? 'done' : '');
  let n = 0;
  for (const f of await fs.readdir(folder)) if (f.endsWith('.jsonl')) n += (await fs.stat(path.join(folder, f))).size;
  return n;
}

describe('the note texts of a job of moves', () => {
  it('go into the journal once, not once per move, and undo gives back every byte', async () => {
    const files = hubVault();
    const v = await open(files);
    const before = await snapshot(v.dir);
    const report = await executeJob(v.port, { description: 'sort the inbox', operations: moves });
    expect(report.failure).toBeNull();
    // Every hub was rewritten by every move (its links say where each note went).
    for (let k = 0; k < HUBS; k++) {
      const hub = await fs.readFile(path.join(v.dir, `Hubs/h${k}.md`), 'utf8');
      expect(hub).not.toMatch(/Inbox\//);
      expect(hub.match(/\[\[n\d+\]\]/g)).toHaveLength(MOVED);
    }
    const text = Object.values(files).reduce((n, t) => n + Buffer.byteLength(t), 0);
    const journal = await journalBytes(v.dir, 'done');
    // The text of the notes once, with room for each move's own records (its intent, done and
    // the splices of its link rewrites: about 4 KB here). Inline, every intent held all hubs:
    // MOVED × HUBS × 24 KB, 4.2 MB, thirteen times this bound.
    expect(journal).toBeLessThan(1.2 * text + MOVED * 5_000);
    const undone = await undoJob(await NodeVault.open(v.dir), report.job);
    expect(undone.state).toBe('reverted');
    expect(await snapshot(v.dir)).toEqual(before);
  });

  it.each(['rollback', 'resume'] as const)('survive a crash between a text record and the intent that names it (%s)', async (mode) => {
    const files = hubVault(60);
    const clean = await open(files);
    expect((await executeJob(clean.port, { description: 'sort', operations: moves.slice(0, 6) })).failure).toBeNull();
    const after = await snapshot(clean.dir);
    // Each append that carries text records, cut after them (the intent lost) or inside the
    // intent that follows (torn); the process dies there.
    for (let k = 1; ; k++) {
      for (const torn of [false, true]) {
        const v = await open(files);
        const before = await snapshot(v.dir);
        const port = v.port;
        let withTexts = 0;
        let dead = false;
        const append = port.state.append.bind(port.state);
        port.state.append = async (name, data) => {
          if (dead) throw new Error('dead');
          const lines = data.split('\n').map((l, i, all) => (i < all.length - 1 ? `${l}\n` : l));
          const firstIntent = lines.findIndex((l) => l.includes('{"t":"intent"'));
          if (lines.some((l) => l.includes('{"t":"text"')) && firstIntent > 0 && ++withTexts === k) {
            dead = true;
            const cut = lines.slice(0, firstIntent).join('') + (torn ? (lines[firstIntent] as string).slice(0, 90) : '');
            expect(cut).toMatch(/\{"t":"text"[^\n]*\n$|\{"t":"intent"/);
            await append(name, cut);
            throw new Error('simulated crash');
          }
          await append(name, data);
        };
        for (const m of ['rename', 'process', 'syncDeferredWrites'] as const) {
          const call = (port[m] as (...a: unknown[]) => Promise<unknown>).bind(port);
          (port as unknown as Record<string, unknown>)[m] = (...a: unknown[]) => (dead ? Promise.reject(new Error('dead')) : call(...a));
        }
        const run = await executeJob(port, { description: 'sort', operations: moves.slice(0, 6) }).then(
          (report) => ({ report }),
          (e: unknown) => ({ error: e instanceof Error ? e.message : String(e) }),
        );
        if (!dead) {
          // No append with texts is left to cut: every crash point was tried.
          expect(run).toMatchObject({ report: { failure: null } });
          expect(k).toBeGreaterThan(2);
          return;
        }
        expect('error' in run && run.error).toMatch(/simulated crash/);
        const { reports } = await recoverJobs(await NodeVault.open(v.dir), mode);
        expect(reports.map((r) => r.state)).toEqual([mode === 'rollback' ? 'reverted' : 'applied']);
        expect(await snapshot(v.dir), `cut at append ${k} with texts${torn ? ', intent torn' : ''}`).toEqual(mode === 'rollback' ? before : after);
      }
    }
    // Every cut point is a fresh vault, a crashed job and a recovery: about 5 s alone, several
    // times that on a loaded machine.
  }, 180_000);

  it('make a journal damaged from the first intent whose text it lacks', async () => {
    const begin = { t: 'begin' as const, job: 'j1', at: 1, description: 'x', ops: [{ type: 'move' as const, source: 'a.md', destination: 'b.md' }] };
    const intent = { t: 'intent' as const, step: 0, before: { type: 'move' as const, kind: 'file' as const, hash: null, notes: [{ path: 'c.md', text: 'links [[a]]', hash: 'f'.repeat(64) }], createdParents: [] } };
    const decoded = await decodeJournal(await encodeRecords([begin, { t: 'run', dir: 'forward', why: 'execute', at: 1 }, intent]));
    expect(decoded).toEqual({ ok: false, reason: 'record 3 names a note text that no earlier record holds (or gives back)' });
  });
});

describe('a journal written before note texts were records of their own', () => {
  type Fixture = { before: Record<string, string>; finished: { vault: Record<string, string>; journal: Record<string, string> }; interrupted: { vault: Record<string, string>; journal: Record<string, string> } };
  const fixture = JSON.parse(readFileSync(path.join(import.meta.dirname, '../fixtures/old-journal/jobs.json'), 'utf8')) as Fixture;

  async function restored(which: 'finished' | 'interrupted'): Promise<TempVault> {
    const v = await open(fixture[which].vault);
    for (const [name, text] of Object.entries(fixture[which].journal)) {
      const file = path.join(v.dir, '.obsidian/plugins/reeve/journal', name);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, text);
    }
    // The old format: note texts inline in the intents, no text records.
    const journal = Object.entries(fixture[which].journal).find(([n]) => n.endsWith('.jsonl'))?.[1] ?? '';
    expect(journal).toContain('"notes":[{"path":"Hubs/h0.md","text":"# Hub 0');
    expect(journal).not.toContain('"t":"text"');
    return v;
  }

  const asFiles = async (dir: string): Promise<Record<string, string>> =>
    Object.fromEntries(Object.entries(await snapshot(dir)).filter(([p]) => !p.endsWith('/')).map(([p, b64]) => [p, Buffer.from(b64, 'base64').toString('utf8')]));

  it('is undone byte for byte', async () => {
    const v = await restored('finished');
    const report = await undoJob(v.port);
    expect(report.state).toBe('reverted');
    expect(await asFiles(v.dir)).toEqual(fixture.before);
  });

  it.each(['rollback', 'resume'] as const)('of an interrupted job is recovered byte for byte (%s)', async (mode) => {
    const v = await restored('interrupted');
    const { reports } = await recoverJobs(v.port, mode);
    expect(reports.map((r) => r.state)).toEqual([mode === 'rollback' ? 'reverted' : 'applied']);
    expect(await asFiles(v.dir)).toEqual(mode === 'rollback' ? fixture.before : fixture.finished.vault);
    // And undone again after a resume, from the journal that now holds both formats.
    if (mode === 'resume') {
      expect((await undoJob(await NodeVault.open(v.dir))).state).toBe('reverted');
      expect(await asFiles(v.dir)).toEqual(fixture.before);
    }
  });
});
