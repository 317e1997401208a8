// A note named on the command line (`related <note>`, `ask --current`, `--add`) is found the ways
// a user names it: its path, its path without `.md`, or just its name as in a wikilink.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runReeve } from '../helpers/cli';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'reeve-note-arg-'));
  await mkdir(path.join(dir, 'Start'));
  await mkdir(path.join(dir, 'Archive'));
  await writeFile(path.join(dir, 'Start', 'Home.md'), 'See [[Plan]].\n');
  await writeFile(path.join(dir, 'Plan.md'), 'The plan.\n');
  await writeFile(path.join(dir, 'Archive', 'Plan.md'), 'An old plan.\n');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const related = async (note: string): Promise<{ code: number; paths: string[]; stderr: string }> => {
  const run = await runReeve(['related', dir, note, '--json']);
  return { code: run.code, paths: run.code === 0 ? (JSON.parse(run.stdout) as { path: string }[]).map((h) => h.path) : [], stderr: run.stderr };
};

describe('a note named on the command line', () => {
  it('is found by its path, its path without .md, or its name alone', async () => {
    for (const name of ['Start/Home.md', 'Start/Home', 'Home', 'home', '/Start/Home.md']) {
      const r = await related(name);
      expect(r, name).toMatchObject({ code: 0, paths: ['Plan.md'] });
    }
  });

  it('resolves a name two notes share as a wikilink does (the shortest path), and a path picks either', async () => {
    expect((await related('Plan')).paths).toEqual(['Start/Home.md']);
    expect((await related('Archive/Plan')).paths).toEqual([]);
    expect((await related('Archive/Plan')).code).toBe(0);
  });

  it('is bad input (exit 2, the name given) when no note has that name or path, and never a folder or attachment', async () => {
    for (const name of ['Nope', 'Start', 'Archive/Home']) {
      const r = await related(name);
      expect(r.code, name).toBe(2);
      expect(r.stderr).toContain(`note ${name}: no such note in the vault`);
    }
    await writeFile(path.join(dir, 'photo.png'), 'png');
    expect((await related('photo.png')).code).toBe(2);
    expect((await related('../outside')).code).toBe(2);
  });
});
