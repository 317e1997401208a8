// Setup shared by the workloads that time edits through the journal against the same edits made
// directly: a base vault of notes in folders of 100, fresh copies of it for each timed pair (the
// edits change their input), and the size of the journal a job leaves.
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { NodeVault } from '../src/vault-vfs/node/node-vault';

/** Writes `notes` notes, `Folder <i / 100>/note <i>.md`, each with `textOf(i, paths)` (called in order); returns their paths. */
export async function writeNotesInFolders(dir: string, notes: number, textOf: (i: number, paths: readonly string[]) => string): Promise<string[]> {
  const paths = Array.from({ length: notes }, (_, i) => `Folder ${Math.floor(i / 100)}/note ${i}.md`);
  for (let f = 0; f * 100 < notes; f++) await fs.mkdir(path.join(dir, `Folder ${f}`), { recursive: true });
  for (const [i, p] of paths.entries()) await fs.writeFile(path.join(dir, p), textOf(i, paths));
  return paths;
}

const run = promisify(execFile);

/**
 * A function that copies `base` to a new folder under `tmp` (`<prefix>-0`, `<prefix>-1`, …) and
 * returns it. With `cp -R`, not fs.cp: fs.cp of a 10,000-note vault took 8.5–10.7 s (a stat and
 * a copy through the thread pool per file, at load 10), `cp -R` 0.9–1.3 s, and frontmatter-edits
 * makes six such copies a run. Untimed setup either way; only the bench's own length changes.
 */
export function freshCopies(tmp: string, base: string, prefix: string): () => Promise<string> {
  let round = 0;
  return async () => {
    const dir = path.join(tmp, `${prefix}-${round++}`);
    await run('cp', ['-R', base, dir]);
    return dir;
  };
}

/** The two vaults of a timed pair: one edited through the journal, one directly. */
export class JournalVaultPair {
  journaled: NodeVault | null = null;
  plain: NodeVault | null = null;
  private readonly copy: () => Promise<string>;

  constructor(tmp: string, base: string, prefix: string) {
    this.copy = freshCopies(tmp, base, prefix);
  }

  /** Removes the last pair's copies and opens both vaults on fresh ones (for `bench.compare`'s untimed `before`). */
  async renew(): Promise<void> {
    // `rm -rf` for the same reason (fs.rm of 10,000 notes: 1.7–2.2 s; rm: 0.5–0.7 s).
    for (const v of [this.journaled, this.plain]) if (v) await run('rm', ['-rf', v.root]);
    this.journaled = await NodeVault.open(await this.copy());
    this.plain = await NodeVault.open(await this.copy());
  }
}

/** Size in bytes of the done record `job` left in `vault`'s journal. */
export async function doneRecordBytes(vault: NodeVault, job: string): Promise<number> {
  return (await fs.stat(path.join(vault.root, vault.configDir, 'plugins/reeve/journal/done', `${job}.jsonl`))).size;
}
