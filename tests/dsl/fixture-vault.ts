// The DSL's fixture vault (tests/fixtures/dsl/vault) on a temp copy, opened with the Node adapter:
// modification times set from mtimes.json (git does not keep them), plus one 150 MB sparse video
// made here because it cannot be committed.
import { cp, mkdtemp, open, readFile, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { recordsFromVault } from '../../src/dsl/file-records';
import type { FileRecord } from '../../src/vault-vfs/file-record';

const fixtures = path.resolve(import.meta.dirname, '..', 'fixtures', 'dsl');

export const HUGE_FILE = 'Inbox/huge-video.mp4';
export const HUGE_SIZE = 150 * 1024 * 1024;

export interface FixtureVault {
  dir: string;
  vault: NodeVault;
  records: FileRecord[];
  cleanup(): Promise<void>;
}

/** Copies the fixture vault to a temp folder and prepares it; returns the folder only. */
export async function copyFixtureVault(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'reeve-dsl-'));
  await cp(path.join(fixtures, 'vault'), dir, { recursive: true });
  const huge = await open(path.join(dir, HUGE_FILE), 'w');
  await huge.truncate(HUGE_SIZE);
  await huge.close();
  const mtimes = JSON.parse(await readFile(path.join(fixtures, 'mtimes.json'), 'utf8')) as Record<string, string>;
  mtimes[HUGE_FILE] = '2024-03-03T12:00:00';
  for (const [rel, when] of Object.entries(mtimes)) {
    // No time zone in the text: local time, as the language compares days in local time.
    const t = new Date(when);
    await utimes(path.join(dir, rel), t, t);
  }
  return dir;
}

export async function openFixtureVault(): Promise<FixtureVault> {
  const dir = await copyFixtureVault();
  const vault = await NodeVault.open(dir);
  const records = await recordsFromVault(vault);
  return { dir, vault, records, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
