// The work that matters in Obsidian, through Reeve's Obsidian adapter (ObsidianVault on the
// project's Obsidian test runtime, whose witness stands in for Obsidian's metadata cache and
// FileManager) and through the Node adapter (NodeVault on real files), side by side on the same
// vault of 2k, 5k and 10k notes (--quick: 2k): planning "Organize folder" for a fixed folder of
// 1,000 files, `rules match` with 10 rules over the whole vault, and a journaled job of 200 moves
// (and 1,000 at 10k when REEVE_BENCH_1000_MOVES=1) with "Automatically update internal links" on. The two sides alternate run
// by run, so the shared machine's load falls on both; the ratio is Obsidian / Node.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { planOrganize } from '../../src/agents/organize/plan-organize';
import { matchRulesFile } from '../../src/cli/rules-file-match';
import { parseRulesJson } from '../../src/dsl/rules';
import { executeJob } from '../../src/edits/journal/execute-job';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import type { VaultPort } from '../../src/vault-vfs/vault-port';
import { generateCorpus } from '../corpus';
import { fmtMs, type Workload } from '../harness';
import { useObsidianRuntime } from '../obsidian-runtime';

const INBOX = 1_000;

const ORGANIZE_RULES = parseRulesJson(
  JSON.stringify([
    { name: 'PDFs', if: 'file.ext == "pdf"', thenMoveTo: 'Documents/PDFs' },
    { name: 'Meetings', if: 'file.ext == "md" AND file.tags.contains("meeting")', thenMoveTo: 'Meetings/{year}' },
    { name: 'Books', if: 'file.frontmatter.type == "book"', thenMoveTo: 'Books' },
  ]),
);

/** Ten rules over the whole vault: names, folders, tags, properties, links and backlinks. */
const MATCH_RULES = parseRulesJson(
  JSON.stringify([
    { name: 'PDFs', if: 'file.ext == "pdf"', thenMoveTo: 'Documents/PDFs' },
    { name: 'Screenshots', if: 'file.name.startsWith("Screenshot") AND file.ext == "png"', thenMoveTo: 'Media/Screenshots' },
    { name: 'Meetings', if: 'file.ext == "md" AND file.tags.contains("meeting")', thenMoveTo: 'Meetings/{year}' },
    { name: 'Books', if: 'file.frontmatter.type == "book"', thenMoveTo: 'Books' },
    { name: 'People', if: 'file.frontmatter.type == "person" AND file.backlinks.count >= 1', thenMoveTo: 'People' },
    { name: 'Orphans', if: 'file.ext == "md" AND file.backlinks.count == 0 AND file.links.count == 0', thenMoveTo: 'Orphans' },
    { name: 'Hubs', if: 'file.backlinks.count >= 5', thenMoveTo: 'Hubs' },
    { name: 'Done', if: 'file.tags.contains("status/done")', thenMoveTo: 'Archive/Done' },
    { name: 'Clippings', if: 'file.frontmatter.type == "clipping" AND file.links.count > 3', thenMoveTo: 'Clippings' },
    { name: 'Daily', if: 'file.name MATCHES "^\\\\d{4}-\\\\d{2}-\\\\d{2}$"', thenMoveTo: 'Daily/{year}' },
  ]),
);

/**
 * The corpus of `notes` notes (attachments as short text, the same on both sides), with the
 * first 1,000 files moved flat into `Inbox/` (names made unique), the folder organize plans.
 */
function vaultFiles(notes: number): Record<string, string> {
  const files: Record<string, string> = {};
  const used = new Set<string>();
  let n = 0;
  for (const f of generateCorpus({ notes, seed: 7 })) {
    const data = typeof f.data === 'string' ? f.data : `${f.path.endsWith('.png') ? 'PNG' : 'PDF'} stand-in, ${f.data.byteLength} bytes\n`;
    if (n++ < INBOX) {
      let name = f.path.slice(f.path.lastIndexOf('/') + 1);
      for (let k = 1; used.has(name.toLowerCase()); k++) name = name.replace(/(\.[^.]+)?$/u, ` ${k}$1`);
      used.add(name.toLowerCase());
      files[`Inbox/${name}`] = data;
    } else files[f.path] = data;
  }
  return files;
}

async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  const made = new Set<string>();
  for (const [p, data] of Object.entries(files)) {
    const parent = path.dirname(path.join(dir, p));
    if (!made.has(parent)) {
      await fs.mkdir(parent, { recursive: true });
      made.add(parent);
    }
    await fs.writeFile(path.join(dir, p), data);
  }
}

/** `count` notes outside the inbox that other notes link to, each moved into `Moved/` under its own name. */
function movesOf(files: Record<string, string>, count: number): { opId: string; type: 'rename'; source: string; destination: string }[] {
  const notes = Object.keys(files).filter((p) => p.endsWith('.md') && !p.startsWith('Inbox/') && !p.startsWith('Daily/'));
  const names = new Set<string>();
  const out: { opId: string; type: 'rename'; source: string; destination: string }[] = [];
  // Every 7th note, so the moves come from every folder.
  for (let i = 0; out.length < count && i < notes.length * 7; i += 7) {
    const p = notes[i % notes.length] as string;
    const name = p.slice(p.lastIndexOf('/') + 1);
    if (names.has(name.toLowerCase())) continue;
    names.add(name.toLowerCase());
    out.push({ opId: `m${out.length}`, type: 'rename', source: p, destination: `Moved/${name}` });
  }
  return out;
}

const loadAverage = (): string => os.loadavg().map((l) => l.toFixed(1)).join(' / ');

const workload: Workload = {
  name: 'obsidian-adapter',
  description:
    'Reeve\'s Obsidian adapter (ObsidianVault on the Obsidian test runtime: the mocks\' vault with the witness\'s metadata cache and renameFile, "Automatically update internal links" on) ' +
    'against the Node adapter (NodeVault on real files), on the same generated vault: planning "Organize folder" for a fixed 1,000-file folder (3 rules, then the heuristics), ' +
    '`rules match` with 10 rules over the whole vault (the rules-file plan, backlinks included), and a journaled job of 200 moves into a new folder, each on a fresh copy (one run each at 10k notes). ' +
    'Both vaults are open and indexed before the timed runs (the runtime\'s build time is its own row). The sides alternate run by run; ratio = Obsidian / Node. ' +
    'The machine is shared with other work (the load average is recorded per size): absolute times are noisy, the ratios of alternating runs less so.',
  async run(bench, ctx) {
    await useObsidianRuntime();
    const { faithfulApp } = await import('../../tests/obsidian/faithful-vault');
    const { ObsidianVault } = await import('../../src/vault-vfs/obsidian-vault');
    // REEVE_BENCH_NOTES=10000 (comma-separated) runs only those sizes, e.g. to finish a stopped run.
    const asked = process.env.REEVE_BENCH_NOTES?.split(',').map(Number).filter((n) => n > 0);
    const sizes = asked && asked.length > 0 ? asked : ctx.quick ? [2_000] : [2_000, 5_000, 10_000];
    // Each row as it is measured: a long run that is stopped still says what it found.
    const record = bench.record.bind(bench);
    const compare = bench.compare.bind(bench);
    const said = (): void => console.log(`obsidian-adapter: ${JSON.stringify(bench.rows.at(-1))}`);
    bench.record = (row) => (record(row), said());
    bench.compare = async (...args) => {
      const out = await compare(...args);
      said();
      return out;
    };
    for (const notes of sizes) {
      const files = vaultFiles(notes);
      const label = `${(notes / 1000).toFixed(0)}k notes`;
      const base = path.join(ctx.tmp, `base-${notes}`);
      await writeFiles(base, files);
      bench.record({ case: `${label}: load average (1 / 5 / 15 min) when starting`, value: loadAverage(), note: `${os.cpus().length} cores` });

      let t0 = performance.now();
      const obsidian = faithfulApp(files, { alwaysUpdateLinks: true });
      const buildMs = performance.now() - t0;
      const obsidianPort: VaultPort = new ObsidianVault(obsidian.app as never);
      t0 = performance.now();
      const nodePort = await NodeVault.open(base);
      const openMs = performance.now() - t0;
      bench.record({ case: `${label}: build the runtime's vault (mocks + witness index)`, value: fmtMs(buildMs), baseline: 'NodeVault.open (first, no metadata cache file)', baselineValue: fmtMs(openMs), note: `${Object.keys(files).length.toLocaleString('en')} files` });

      const repeats = ctx.quick || notes >= 10_000 ? 3 : 5;
      // REEVE_BENCH_JOBS_ONLY=1 runs only the journaled jobs (a busy machine, a row to add).
      const jobsOnly = process.env.REEVE_BENCH_JOBS_ONLY === '1';
      let ops: [number, number] = [0, 0];
      const organize = (port: VaultPort, side: number) => async () => {
        const plan = await planOrganize(port, { folder: 'Inbox', rules: ORGANIZE_RULES, sources: new Set(['rules', 'heuristics']), planId: 'bench', planLimit: 100_000 });
        ops[side] = plan.operations.length;
      };
      if (!jobsOnly) await bench.compare(`${label}: organize plan of the 1,000-file Inbox`, organize(obsidianPort, 0), 'Node adapter', organize(nodePort, 1), { repeats, warmup: 1 });
      if (ops[0] !== ops[1]) throw new Error(`organize planned ${ops[0]} operations on Obsidian, ${ops[1]} on Node`);

      ops = [0, 0];
      const rules = (port: VaultPort, side: number) => async () => {
        const { matches } = await matchRulesFile(port, MATCH_RULES, '');
        ops[side] = matches.length;
      };
      if (!jobsOnly) await bench.compare(`${label}: rules match, 10 rules over the vault`, rules(obsidianPort, 0), 'Node adapter', rules(nodePort, 1), { repeats, warmup: 1 });
      // The two read notes independently (the witness's parser, Reeve's own): a handful of edge cases may differ.
      if (!jobsOnly) bench.record({
        case: `${label}: files the 10 rules match`,
        value: `${ops[0].toLocaleString('en')} on Obsidian`,
        baselineValue: `${ops[1].toLocaleString('en')} on Node`,
        note: 'each file is claimed by its first matching rule; the rest stay. A difference comes from the two independent readings of notes (the runtime\'s witness and Reeve\'s parser), not from the adapters\' speed',
      });

      // 1,000 moves at 10k when asked (REEVE_BENCH_1000_MOVES=1): on a busy machine it takes long.
      for (const count of notes >= 10_000 && process.env.REEVE_BENCH_1000_MOVES === '1' ? [200, 1_000] : [200]) {
        const moves = movesOf(files, count);
        // Named by the job's size too: the 1,000-move job once got the 200-move job's last copy,
        // its first 200 moves already made there, and failed with "already exists" (a benchmark bug).
        let round = 0;
        let fresh: { obsidian: VaultPort; node: NodeVault } | null = null;
        const job = (side: 'obsidian' | 'node') => async () => {
          const port: VaultPort = (fresh as { obsidian: VaultPort; node: NodeVault })[side];
          const report = await executeJob(port, { description: 'bench', operations: moves });
          if (report.failure) throw new Error(`${side}: bench job failed: ${report.failure.reason}`);
        };
        await bench.compare(`${label}: journaled job of ${count} moves`, job('obsidian'), 'Node adapter', job('node'), {
          repeats: notes >= 10_000 ? 1 : repeats,
          warmup: 0,
          note: `fresh copies each run (copy, build and open not timed); ${notes >= 10_000 ? 'one run each' : `median of ${repeats}`}`,
          before: async () => {
            if (fresh) await fs.rm((fresh.node).root, { recursive: true, force: true });
            const dir = path.join(ctx.tmp, `job-${notes}-${count}-${round++}`);
            await fs.cp(base, dir, { recursive: true });
            fresh = { obsidian: new ObsidianVault(faithfulApp(files, { alwaysUpdateLinks: true }).app as never), node: await NodeVault.open(dir) };
          },
        });
        if (fresh) await fs.rm((fresh as { node: NodeVault }).node.root, { recursive: true, force: true });
      }
      bench.record({ case: `${label}: load average (1 / 5 / 15 min) when done`, value: loadAverage() });
    }
  },
};

export default workload;

// For profiling the same vault and moves outside the runner.
export { vaultFiles as vaultFilesForProfile, movesOf as movesForProfile, writeFiles as writeFilesForProfile, MATCH_RULES as matchRulesForProfile };
