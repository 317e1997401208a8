// Offline organize plan (the user's rules, then heuristics, scope policy, shadow VFS simulation,
// duplicate detection) for one flat 10,000-file folder (--quick: 2,000), against a plain scan of
// the same folder (NodeVault open + list) in the same run. Both open the vault, so the ratio is
// what planning costs on top of reading the folder at all.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { planOrganize } from '../../src/agents/organize/plan-organize';
import { parseRulesJson } from '../../src/dsl/rules';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { generateCorpus } from '../corpus';
import { fmtBytes, type Workload, heapMiB, heapSampler, dirBytes } from '../harness';

const RULES = parseRulesJson(
  JSON.stringify([
    { name: 'PDFs', if: 'file.ext == "pdf"', thenMoveTo: 'Documents/PDFs' },
    { name: 'Meetings', if: 'file.ext == "md" AND file.tags.contains("meeting")', thenMoveTo: 'Meetings/{year}' },
    { name: 'Books', if: 'file.frontmatter.type == "book"', thenMoveTo: 'Books' },
  ]),
);

/** The corpus flattened into one folder: the messy-inbox case organize is for. */
async function writeFlatFolder(dir: string, files: number): Promise<number> {
  await fs.mkdir(path.join(dir, 'Inbox'), { recursive: true });
  const used = new Set<string>();
  let written = 0;
  for (const f of generateCorpus({ notes: Math.round(files / 1.08), seed: 7 })) {
    let name = f.path.slice(f.path.lastIndexOf('/') + 1);
    for (let n = 1; used.has(name.toLowerCase()); n++) name = name.replace(/(\.[^.]+)?$/u, ` ${n}$1`);
    used.add(name.toLowerCase());
    await fs.writeFile(path.join(dir, 'Inbox', name), f.data);
    written++;
  }
  return written;
}


const workload: Workload = {
  name: 'organize-plan',
  description:
    'Planning "Organize folder" offline (3 rules, then the heuristics, scope policy, shadow-VFS simulation and duplicate check) for one flat folder of 10,000 files, ' +
    'against opening the same vault and listing it (the scan any plan needs). Peak memory is the workload process\'s.',
  async run(bench, ctx) {
    const target = ctx.quick ? 2_000 : 10_000;
    const dir = path.join(ctx.tmp, 'vault');
    const files = await writeFlatFolder(dir, target);
    let operations = 0;
    let conflicts = 0;
    await bench.compare(
      `plan a ${files.toLocaleString('en')}-file folder (rules + heuristics)`,
      async () => {
        const vault = await NodeVault.open(dir);
        // The limit is raised so the whole plan is built and simulated (at the default 5,000 a
        // 10,000-file inbox is refused whole, which would measure less than a real plan costs).
        const plan = await planOrganize(vault, { folder: 'Inbox', rules: RULES, sources: new Set(['rules', 'heuristics']), planId: 'bench', planLimit: 100_000 });
        operations = plan.operations.length;
        conflicts = plan.conflicts.length;
      },
      'open the vault and list it',
      async () => {
        const vault = await NodeVault.open(dir);
        await vault.list();
      },
      { repeats: ctx.quick ? 3 : 5, warmup: 1 },
    );
    bench.record({ case: 'plan size', value: `${operations.toLocaleString('en')} operations`, note: `${conflicts} conflicts or refusals (plan limit raised to 100,000 for the measurement)` });
    // Memory in a plan of its own: the peak while planning, and what the finished plan and its
    // vault still hold after a full collection (not the garbage the timed runs left behind).
    const heapBefore = heapMiB();
    const sampler = heapSampler();
    const vault = await NodeVault.open(dir);
    const plan = await planOrganize(vault, { folder: 'Inbox', rules: RULES, sources: new Set(['rules', 'heuristics']), planId: 'bench', planLimit: 100_000 });
    const peak = sampler.stop();
    const held = heapMiB() - heapBefore;
    const folder = fmtBytes(await dirBytes(path.join(dir, 'Inbox')));
    bench.record({ case: 'peak heap while planning, above the collected heap before', value: fmtBytes(peak), note: `heapUsed + arrayBuffers sampled every 20 ms; vault open included; folder of ${folder}` });
    bench.record({ case: 'heap held by the finished plan and its open vault, after a full GC', value: `${Math.max(0, held).toFixed(0)} MiB`, note: `${plan.operations.length.toLocaleString('en')} operations` });
  },
};


export default workload;
