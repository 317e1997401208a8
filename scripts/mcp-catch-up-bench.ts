// `npx tsx scripts/mcp-catch-up-bench.ts [notes=10000] [rounds=7]`: what `reeve mcp`'s catch-up
// with the disk costs a tool call (NodeVault.catchUp, then the keyword index taking in what it
// found), on the benchmark corpus written to a temp folder. Interleaved in each round, against the
// bare walk and stat of the same vault (VaultFs.scan, the floor any catch-up pays): nothing
// changed; one note edited by another program; 100 notes edited. Prints median and spread, and
// the load average before and after.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import * as path from 'node:path';
import { writeCorpus } from '../bench/corpus';
import { VaultIndexer } from '../src/search/keyword/vault-indexer';
import { NodeVault } from '../src/vault-vfs/node/node-vault';
import { VaultFs } from '../src/vault-vfs/node/vault-fs';

const notes = Number(process.argv[2] ?? 10_000);
const rounds = Number(process.argv[3] ?? 7);
const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');
const say = (s: string): void => void process.stdout.write(`${s}\n`);

const dir = await mkdtemp(path.join(tmpdir(), 'reeve-catchup-bench-'));
try {
  const { files } = await writeCorpus(dir, { notes, seed: 30 });
  say(`vault: ${notes} notes, ${files} files; load average before: ${load()}`);
  const vault = await NodeVault.open(dir, { metadataCache: false });
  const indexer = new VaultIndexer(vault, { persist: false, sliceMs: 200 });
  await indexer.start();
  const disk = await VaultFs.open(dir);
  const mdPaths = (await vault.list()).filter((e) => e.kind === 'file' && e.path.endsWith('.md')).map((e) => e.path);
  let edit = 0;
  const editNotes = async (n: number): Promise<void> => {
    for (let i = 0; i < n; i++) {
      const p = path.join(dir, mdPaths[(edit++ * 7919) % mdPaths.length] as string);
      await writeFile(p, `${await readFile(p, 'utf8')}\nedited by another program ${edit}\n`);
    }
  };
  const time = async (f: () => Promise<unknown>): Promise<number> => {
    const t = performance.now();
    await f();
    return performance.now() - t;
  };
  const catchUp = async (): Promise<unknown> => {
    const changes = await vault.catchUp();
    await indexer.settled();
    return changes;
  };
  const rows: Record<string, number[]> = { 'walk and stat only (VaultFs.scan)': [], 'catch-up, nothing changed': [], 'catch-up, 1 note edited': [], 'catch-up, 100 notes edited': [] };
  const [scanRow, noneRow, oneRow, hundredRow] = Object.values(rows) as [number[], number[], number[], number[]];
  await catchUp();
  for (let r = 0; r < rounds; r++) {
    scanRow.push(await time(() => disk.scan('.obsidian')));
    noneRow.push(await time(catchUp));
    await editNotes(1);
    oneRow.push(await time(catchUp));
    await editNotes(100);
    hundredRow.push(await time(catchUp));
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  const base = median(scanRow);
  for (const [name, xs] of Object.entries(rows)) {
    const m = median(xs);
    say(`${name}: median ${m.toFixed(1)} ms (min ${Math.min(...xs).toFixed(1)}, max ${Math.max(...xs).toFixed(1)}; ${(m / base).toFixed(2)}x the walk)`);
  }
  say(`load average after: ${load()}`);
  await indexer.stop(false);
} finally {
  await rm(dir, { recursive: true, force: true });
}
