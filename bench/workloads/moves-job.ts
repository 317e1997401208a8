// 1,000 moves in a 10k-note vault the way a user makes them, against the same durable work done
// by a plain script (issue 29: the old row timed 1,000 `vault.rename` calls against `fs.rename`
// of the same files, which rewrites no link and syncs nothing). Two paths: an organize apply
// (the journaled job of 1,000 moves) and an accept of a 1,000-operation plan note (`reeve pending
// accept --all --note`: the blocks accepted, the ledger checked, the job run, the blocks marked).
// The baseline is handed what a first run (untimed) found: the notes whose links change and their
// new text. It reads each of those notes, renames the files, writes each note once (temp file,
// rename over) and syncs as Reeve's journal does (journal-records + deferred-syncs.ts): every
// rewritten note and every folder whose entries changed, once, 32 syncs in flight. What the
// baseline does not do is Reeve's own: find and resolve the links, plan the rewrites, check them,
// and journal every step (intent records naming by hash the text of each note a move may rewrite,
// each text written once as a record of its own, done records with hashes), which is what makes
// the job undoable and safe to recover.
import { closeSync, fsyncSync, openSync, promises as fs, readFileSync, renameSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { executeJob } from '../../src/edits/journal/execute-job';
import { decideOpBlocks } from '../../src/edits/pending/plan-note';
import { writePlanNote } from '../../src/edits/pending/plan-note';
import { runRecordedOperations } from '../../src/edits/pending/run-recorded-operations';
import { ORGANIZE_CAPABILITIES } from '../../src/edits/scope/scope-policy';
import { editAcceptPolicy } from '../../src/settings/accept-policy';
import { readVaultSettings } from '../../src/cli/vault-walls';
import { forEachLimited } from '../../src/vault-vfs/for-each-limited';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { writeCorpus } from '../corpus';
import { fmtBytes, type Workload } from '../harness';
import { freshCopies } from '../journal-vaults';

type Move = { opId: string; type: 'move'; source: string; destination: string };

/** Every note under `dir` (config folder left out), vault path -> text. */
async function notesOf(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (rel: string): Promise<void> => {
    for (const e of await fs.readdir(path.join(dir, rel), { withFileTypes: true })) {
      const p = rel === '' ? e.name : `${rel}/${e.name}`;
      if (rel === '' && e.name.startsWith('.')) continue;
      if (e.isDirectory()) await walk(p);
      else if (e.name.endsWith('.md')) out.set(p, await fs.readFile(path.join(dir, p), 'utf8'));
    }
  };
  await walk('');
  return out;
}

function syncPath(abs: string): void {
  const fd = openSync(abs, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * The plain script: rename the files, then read each note whose links change and write its new
 * text once (temp file, rename over), then sync the notes written and the folders changed.
 */
async function byHand(dir: string, moves: readonly Move[], rewrites: ReadonlyMap<string, string>): Promise<void> {
  const folders = new Set<string>();
  for (const m of moves) {
    const to = path.join(dir, m.destination);
    await fs.mkdir(path.dirname(to), { recursive: true });
    renameSync(path.join(dir, m.source), to);
    folders.add(path.dirname(path.join(dir, m.source))).add(path.dirname(to));
  }
  const written: string[] = [];
  for (const [note, text] of rewrites) {
    const abs = path.join(dir, note);
    const old = readFileSync(abs, 'utf8');
    if (old === text) continue;
    const temp = `${abs}.${process.pid}.tmp`;
    writeFileSync(temp, text);
    renameSync(temp, abs);
    written.push(abs);
    folders.add(path.dirname(abs));
  }
  await forEachLimited(written, 32, async (f) => syncPath(f));
  await forEachLimited([...folders], 32, async (f) => syncPath(f));
}

const loadAverage = (): string => os.loadavg().map((l) => l.toFixed(1)).join(' / ');

const workload: Workload = {
  name: 'moves-job',
  description:
    'Moving 1,000 notes of a 10k-note generated vault into a new folder the way a user does it, with link rewriting, each on a fresh copy opened before the timing: ' +
    '(a) an organize apply, the journaled job of 1,000 moves; (b) accepting a plan note of 1,000 operation blocks (`reeve pending accept --all`: blocks accepted, ledger checked, job run, blocks marked). ' +
    'Baseline: a plain script doing the same durable work, handed the notes whose links change and their new text (found by an untimed first run): it renames the files, reads each of those notes, ' +
    'writes each once (temp file, rename over), and syncs every note written and every folder changed once at the end, 32 at a time, as Reeve syncs its vault writes. ' +
    'Reeve also finds, resolves, plans and checks every link rewrite and journals each step (intent records naming by hash the text of every note a move may rewrite, each text written once per journal, a later text of a note as splices of the earlier; then done records with hashes: what undo and recovery need), with an fsync per journal append. ' +
    'The sides alternate run by run (baseline first); --quick: 2k notes, 200 moves.',
  async run(bench, ctx) {
    const notes = ctx.quick ? 2_000 : 10_000;
    const count = ctx.quick ? 200 : 1_000;
    const base = path.join(ctx.tmp, 'moves-base');
    await writeCorpus(base, { notes, seed: 12 });
    await fs.mkdir(path.join(base, '.obsidian', 'plugins', 'reeve'), { recursive: true });
    // Opened once so the copies carry a current metadata cache (as a vault the CLI has opened before).
    const first = await NodeVault.open(base);
    const chosen = (await first.list())
      .filter((e) => e.kind === 'file' && e.path.endsWith('.md'))
      .map((e) => e.path)
      .sort()
      .filter((_, i) => i % Math.floor(notes / count) === 0)
      .slice(0, count);
    const moves: Move[] = chosen.map((p, i) => ({ opId: `o${i}`, type: 'move', source: p, destination: `Moved/${p.replace(/\//g, ' - ')}` }));
    const copy = freshCopies(ctx.tmp, base, 'moves');

    // The first run finds what the baseline is handed: each note whose text the moves change.
    const reference = await copy();
    const beforeTexts = await notesOf(base);
    const report = await executeJob(await NodeVault.open(reference), { description: 'reference', operations: moves });
    if (report.failure) throw new Error(`reference job failed: ${report.failure.reason}`);
    const afterTexts = await notesOf(reference);
    const movedTo = new Map(moves.map((m) => [m.destination, m.source]));
    const rewrites = new Map<string, string>();
    let rewriteBytes = 0;
    for (const [p, text] of afterTexts) {
      if (beforeTexts.get(movedTo.get(p) ?? p) === text) continue;
      rewrites.set(p, text);
      rewriteBytes += Buffer.byteLength(text);
    }
    await fs.rm(reference, { recursive: true, force: true });
    bench.record({ case: 'load average (1 / 5 / 15 min) when starting', value: loadAverage(), note: `${os.cpus().length} cores` });
    bench.record({
      case: `notes whose links the ${count.toLocaleString('en')} moves change (${notes.toLocaleString('en')}-note vault)`,
      value: `${rewrites.size.toLocaleString('en')} notes, ${fmtBytes(rewriteBytes)}`,
      note: 'each written once by both sides',
    });

    let reeveDir = '';
    let plainDir = '';
    let vault: NodeVault | null = null;
    const fresh = async (): Promise<void> => {
      for (const d of [reeveDir, plainDir]) if (d) await fs.rm(d, { recursive: true, force: true });
      vault = null;
      reeveDir = await copy();
      plainDir = await copy();
      vault = await NodeVault.open(reeveDir);
    };
    const repeats = ctx.quick ? 3 : 3;
    const label = `${count.toLocaleString('en')} moves, ${notes.toLocaleString('en')}-note vault`;
    await bench.compare(
      `organize apply: journaled job of ${label}`,
      async () => {
        const r = await executeJob(vault as NodeVault, { description: 'organize apply', operations: moves });
        if (r.failure) throw new Error(`job failed: ${r.failure.reason}`);
      },
      'the same durable work by hand',
      () => byHand(plainDir, moves, rewrites),
      { repeats, warmup: 0, note: `median of ${repeats}; fresh copies each run (copy and open not timed)`, before: fresh },
    );

    const planNote = 'Reeve/Plans/bench plan.md';
    await bench.compare(
      `accept a plan of ${label} (pending accept --all)`,
      async () => {
        const port = vault as NodeVault;
        const policy = editAcceptPolicy(await readVaultSettings(port), port.configDir, ORGANIZE_CAPABILITIES);
        const decided = await decideOpBlocks(port, planNote, null, 'accept', policy);
        if (decided.some((d) => d.status !== 'done')) throw new Error(`accept refused: ${JSON.stringify(decided.find((d) => d.status !== 'done'))}`);
        const r = await runRecordedOperations(port, planNote, policy);
        const failed = r.results.filter((x) => x.state !== 'done');
        if (failed.length > 0 || r.held.length > 0) throw new Error(`plan run failed: ${JSON.stringify(failed[0] ?? r.held[0])}`);
      },
      'the same durable work by hand',
      () => byHand(plainDir, moves, rewrites),
      {
        repeats,
        warmup: 0,
        note: `median of ${repeats}; fresh copies each run, the plan note written before the timing (copy, open and plan note not timed)`,
        before: async () => {
          await fresh();
          const port = vault as NodeVault;
          const policy = editAcceptPolicy(await readVaultSettings(port), port.configDir, ORGANIZE_CAPABILITIES);
          await writePlanNote(port, planNote, { planId: 'pbench', targetFolder: '', description: 'bench', operations: moves }, policy);
        },
      },
    );
    bench.record({ case: 'load average (1 / 5 / 15 min) when done', value: loadAverage() });
    for (const d of [reeveDir, plainDir]) if (d) await fs.rm(d, { recursive: true, force: true });
  },
};

export default workload;
