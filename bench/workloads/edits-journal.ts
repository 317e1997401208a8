// Journal overhead: a 5,000-operation rename job executed through the journal (intent and done
// records, content hashes, link-rewrite snapshots for undo) against the same renames made
// directly with NodeVault.rename, on fresh copies of the same vault. Both sides do the same link
// rewriting with the same sync policy: the journaled job leaves the rewrites of the notes its
// intent records hold to be written and synced once at the end (held-rewrites.ts,
// deferred-syncs.ts), and so does the baseline (each rename names those notes as recorded, then
// one syncDeferredWrites); until 2026-11-28 the baseline synced every note and folder per
// rename, so its "-13%" measured a sync policy, not the journal. --quick: 1,000 operations.
import * as path from 'node:path';
import { executeJob } from '../../src/edits/journal/execute-job';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { fmtMs, summarize, type Workload } from '../harness';
import { makeRng } from '../corpus';
import { doneRecordBytes, JournalVaultPair, writeNotesInFolders } from '../journal-vaults';

const workload: Workload = {
  name: 'edits-journal',
  description:
    'Executing a rename job through the journal against the same renames made directly with `NodeVault.rename`, on fresh copies of one vault ' +
    '(one note per rename, each note linked from one other, so both sides rewrite the same links). ' +
    'The journal writes an intent record with content hashes and the text of the notes a rename rewrites, and a done record, grouped into batched appends. ' +
    'Same sync policy on both sides: the link rewrites are written and synced once at the end (the baseline names the notes each rename rewrites as recorded, then calls syncDeferredWrites once); the journal adds an fsync per append. The CPU time of the same runs is given beside the wall time (the wall time is mostly waiting on a shared disk and CPU).',
  async run(bench, ctx) {
    const ops = ctx.quick ? 1_000 : 5_000;
    const base = path.join(ctx.tmp, 'journal-base');
    // `ops` notes in folders of 100, each linking to one other note at random (by path).
    const rng = makeRng(7);
    const paths = await writeNotesInFolders(base, ops, (i, all) => {
      const target = all[Math.floor(rng() * all.length)] as string;
      return `---\ntags: [bench]\n---\n# Note ${i}\n\nSome text about ${i}, see [[${target.replace(/\.md$/, '')}]].\n`;
    });
    const renames = paths.map((p, i) => ({ opId: `o${i}`, type: 'rename' as const, source: p, destination: p.replace(/\.md$/, ' (renamed).md') }));
    const vaults = new JournalVaultPair(ctx.tmp, base, 'journal');
    let journalBytes = 0;
    // CPU time (process.cpuUsage: every thread of the process, user and system) of each timed
    // run beside its wall time: the wall time of a side is mostly waiting on a shared disk (fsyncs
    // and renames among other workloads' deletes) and on a shared CPU, and swung one pair to 6x.
    const cpu = { journal: [] as number[], plain: [] as number[] };
    const cpuOf = async (into: number[], f: () => Promise<void>): Promise<void> => {
      const c0 = process.cpuUsage();
      await f();
      const c = process.cpuUsage(c0);
      into.push((c.user + c.system) / 1000);
    };
    const result = await bench.compare(
      `${ops.toLocaleString('en')}-operation rename job through the journal`,
      () => cpuOf(cpu.journal, async () => {
        const v = vaults.journaled as NodeVault;
        const report = await executeJob(v, { description: 'bench', operations: renames });
        if (report.failure) throw new Error(`bench job failed: ${report.failure.reason}`);
        journalBytes = await doneRecordBytes(v, report.job);
      }),
      'the same renames with NodeVault.rename, no journal, same sync policy',
      () => cpuOf(cpu.plain, async () => {
        const v = vaults.plain as NodeVault;
        // The notes each rename may rewrite (the moved note and those linking to it), left to
        // be written and synced once, as the journal leaves them.
        for (const r of renames) await v.rename(r.source, r.destination, { recordedNotes: new Set([r.destination, ...v.backlinks(r.source)]) });
        await v.syncDeferredWrites();
      }),
      {
        // Three pairs in full mode too: one run each gave no spread, and the disk's fsyncs on a
        // shared machine swing single runs by 2x.
        repeats: 3,
        warmup: 0,
        note: `median of 3 interleaved pairs; fresh copies of a ${ops.toLocaleString('en')}-note vault (copy and open not timed)`,
        before: () => vaults.renew(),
      },
    );
    const cj = summarize(cpu.journal).medianMs;
    const cp = summarize(cpu.plain).medianMs;
    const cpuRatios = cpu.journal.map((c, i) => c / (cpu.plain[i] ?? NaN));
    bench.record({
      case: 'CPU time of the same runs (process.cpuUsage, user + system)',
      value: fmtMs(cj),
      baseline: 'the same renames with NodeVault.rename',
      baselineValue: fmtMs(cp),
      ratio: `${(cj / cp).toFixed(2)}x`,
      note: `median of the ${cpu.journal.length} pairs above; runs ${fmtMs(Math.min(...cpu.journal))}–${fmtMs(Math.max(...cpu.journal))} against ${fmtMs(Math.min(...cpu.plain))}–${fmtMs(Math.max(...cpu.plain))}, ratio per pair ${Math.min(...cpuRatios).toFixed(2)}–${Math.max(...cpuRatios).toFixed(2)}x; what the code costs apart from waiting on the disk and the scheduler`,
    });
    const overhead = result.candidate.medianMs - result.baseline.medianMs;
    bench.record({
      case: 'journal overhead per operation',
      value: fmtMs(overhead / ops),
      note: `${((overhead / result.baseline.medianMs) * 100).toFixed(0)}% over the plain renames (aim: under 50%); journal file ${(journalBytes / 1024 / 1024).toFixed(1)} MiB`,
    });
  },
};

export default workload;
