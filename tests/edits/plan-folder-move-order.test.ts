// A plan that moves a folder and, separately, a subfolder of it (the score pass does: the
// subfolder belongs elsewhere, the rest of the folder moves whole). The plan note lists moves by
// destination, so the folder's move may come first: the subfolder's move must then run from where
// the folder went, in one job or accepted on its own later, and undo must give everything back.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runReeve } from '../helpers/cli';

const FILES: Record<string, string> = {
  'Inbox/Misc/Old/trip 0.md': 'travel travel 0\n',
  'Inbox/Travel/Old/travel 1.md': 'travel trip 1\n',
  'Inbox/bread 2.md': 'bread bread 2\n',
  'Inbox/bread 3.md': 'bread bread 3\n',
  'Inbox/Misc/travel 4.md': 'tram travel 4\n',
};

let dir: string;

async function snapshot(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(e.parentPath, e.name);
    const rel = path.relative(dir, full).split(path.sep).join('/');
    if (e.isFile() && rel.endsWith('.md') && !rel.startsWith('Reeve/') && !rel.startsWith('.obsidian/')) out[rel] = await fs.readFile(full, 'utf8');
  }
  return out;
}

async function plan(): Promise<{ id: string; source: string; destination: string }[]> {
  const run = await runReeve(['organize', dir, '--folder', 'Inbox', '--sources', 'heuristics', '--json']);
  expect(run.code).toBe(0);
  return (JSON.parse(run.stdout) as { operations: { opId: string; source: string; destination: string }[] }).operations.map((o) => ({ id: o.opId, source: o.source, destination: o.destination }));
}

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reeve-move-order-'));
  for (const [p, text] of Object.entries(FILES)) {
    await fs.mkdir(path.dirname(path.join(dir, p)), { recursive: true });
    await fs.writeFile(path.join(dir, p), text);
  }
});

afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('a folder and its subfolder moved by one plan', () => {
  it('plans both moves (the case this test is about)', async () => {
    expect(await plan()).toEqual([
      expect.objectContaining({ source: 'Inbox/Misc/Old', destination: 'Inbox/Travel/Old/Old' }),
      expect.objectContaining({ source: 'Inbox/Misc', destination: 'Inbox/Travel/Misc' }),
    ]);
  });

  it('applies in one job, then undoes byte for byte', async () => {
    const before = await snapshot();
    const run = await runReeve(['organize', dir, '--folder', 'Inbox', '--sources', 'heuristics', '--apply']);
    expect(run.stderr).not.toMatch(/failed/);
    expect(run.code).toBe(0);
    const after = await snapshot();
    expect(Object.keys(after).sort()).toEqual(['Inbox/Travel/Misc/travel 4.md', 'Inbox/Travel/Old/Old/trip 0.md', 'Inbox/Travel/Old/travel 1.md', 'Inbox/bread 2.md', 'Inbox/bread 3.md']);
    expect((await runReeve(['undo', dir])).code).toBe(0);
    expect(await snapshot()).toEqual(before);
  });

  it('accepted one at a time, the folder first, runs the subfolder from where the folder went; two undos restore all', async () => {
    const before = await snapshot();
    const ops = await plan();
    const folder = ops.find((o) => o.source === 'Inbox/Misc');
    const sub = ops.find((o) => o.source === 'Inbox/Misc/Old');
    if (folder === undefined || sub === undefined) throw new Error('the plan lacks a move');
    for (const op of [folder, sub]) {
      const r = await runReeve(['pending', dir, 'accept', '--id', op.id]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
    }
    expect(await fs.readFile(path.join(dir, 'Inbox/Travel/Old/Old/trip 0.md'), 'utf8')).toBe(FILES['Inbox/Misc/Old/trip 0.md']);
    expect((await runReeve(['undo', dir])).code).toBe(0);
    expect((await runReeve(['undo', dir])).code).toBe(0);
    expect(await snapshot()).toEqual(before);
  });
});
