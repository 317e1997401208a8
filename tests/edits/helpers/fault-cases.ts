// Fault injection, property-based, shared by the resume and rollback suites: for random mixed
// jobs (folders, notes, edits, moves, renames, tags and properties, trash), crash at every mutating call k (a rename sometimes half-way through), then recover; the vault (every path and byte) must equal
// the state after (resume) or before (rollback) the job. A crash during recovery, recovered
// again, must give the same result.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { expect } from 'vitest';
import { executeJob, type JobOperationInput } from '../../../src/edits/journal/execute-job';
import { recoverJobs } from '../../../src/edits/journal/recover-jobs';
import { planNoteEdits } from '../../../src/dsl/plan-note-edits';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import { FaultVault, SimulatedCrash } from './fault-vault';
import { snapshot } from './temp-vault';
import { makeRng } from '../../../bench/corpus';

export const root = await fs.mkdtemp(path.join(os.tmpdir(), 'reeve-faults-'));
let counter = 0;

/** mulberry32 (bench/corpus.ts): the same records on every machine. */
export const prng = makeRng;

export interface Case {
  files: Record<string, string | Uint8Array>;
  ops: JobOperationInput[];
}

/**
 * A small vault with links between notes, and a valid mixed job over it. With `frontmatter`, some
 * notes have properties and the job edits tags and properties too; without it, a seed gives the
 * case it always gave (cases pinned by seed elsewhere stay the same).
 */
export function makeCase(seed: number, opts: { frontmatter?: boolean } = {}): Case {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const names = ['alpha', 'beta', 'gamma', 'delta', 'eps'];
  const folders = ['Inbox', 'Notes', 'Notes/Deep'];
  const files: Record<string, string | Uint8Array> = {};
  const home = new Map(names.map((n) => [n, pick(folders)]));
  // Links in every style a rename rewrites: bare, with folder, aliased, markdown with a path.
  const styles = [(m: string) => `[[${m}]]`, (m: string) => `[[${home.get(m)}/${m}]]`, (m: string) => `[[${m}|the ${m}]]`, (m: string) => `[${m}](${home.get(m)}/${m}.md)`];
  // Some notes have properties, written the ways people write them, and a rule edits some of them.
  // Drawn from a stream of their own, so the seeds of the cases pinned elsewhere still give them.
  const withProperties = opts.frontmatter === true;
  const fmRnd = prng(seed ^ 0x9e3779b9);
  const fmPick = <T>(xs: readonly T[]): T => xs[Math.floor(fmRnd() * xs.length)] as T;
  const frontmatters = ['', '', '---\ntags: [x, y]\nstatus: a\n---\n', '---\ntags: x\r\n---\r\n', '---\n---\n'];
  for (const n of names) {
    const links = names.filter((m) => m !== n && rnd() < 0.5).map((m) => pick(styles)(m));
    files[`${home.get(n)}/${n}.md`] = `${withProperties ? fmPick(frontmatters) : ''}# ${n}\n${links.join(' ')}\n`;
  }
  files['Inbox/img.png'] = new Uint8Array([1, 2, 3, seed & 255]);
  const current = new Set(Object.keys(files));
  const taken = (p: string): boolean => [...current].some((c) => c.toLowerCase() === p.toLowerCase() || c.toLowerCase().startsWith(p.toLowerCase() + '/'));
  const ops: JobOperationInput[] = [];
  const newFolders = rnd() < 0.7 ? ['Archive', 'Archive/Old'] : [];
  for (const f of newFolders) ops.push({ opId: `f-${f}`, type: 'create_folder', path: f });
  if (rnd() < 0.5) {
    const p = `${newFolders[0] ?? 'Inbox'}/new note.md`;
    ops.push({ type: 'create_note', path: p, content: 'fresh [[alpha]]\n' });
    current.add(p);
  }
  for (const p of Object.keys(files).filter((f) => f.endsWith('.md') && rnd() < 0.3)) {
    const text = files[p] as string;
    ops.push({ type: 'edit', path: p, before: text, after: text.replace('# ', '# Edited ') });
  }
  // A rule's edits of tags and properties, naming notes where they are before the job: they run after the moves.
  for (const p of Object.keys(files).filter((f) => withProperties && f.endsWith('.md') && fmRnd() < 0.4)) {
    const plan = planNoteEdits(p, files[p] as string, { addTags: [fmPick(['x', 'new', 'y'])], removeTags: fmRnd() < 0.5 ? ['x'] : [], setProperties: { status: fmPick(['a', 'b', null]), filed: 3 } });
    if (plan.ok) plan.operations.forEach((op, i) => ops.push({ ...op, opId: `fm-${p}-${i}` }));
  }
  const moves = 1 + Math.floor(rnd() * 3);
  for (let i = 0; i < moves; i++) {
    const src = pick([...current].filter((p) => !p.endsWith('new note.md')));
    const name = src.slice(src.lastIndexOf('/') + 1);
    const rename = rnd() < 0.4;
    const dst = rename ? `${src.slice(0, src.lastIndexOf('/'))}/r${i}-${name}` : `${pick([...newFolders, 'Moved', 'Notes'])}/${name}`;
    if (dst === src || taken(dst)) continue;
    ops.push({ opId: `m${i}`, type: rename ? 'rename' : 'move', source: src, destination: dst });
    current.delete(src);
    current.add(dst);
  }
  if (rnd() < 0.6) {
    const victim = pick([...current]);
    ops.push({ opId: 't', type: 'trash', path: victim });
    current.delete(victim);
  }
  if (rnd() < 0.3 && Object.keys(files).some((p) => p.startsWith('Notes/Deep/'))) {
    ops.push({ opId: 't2', type: 'trash', path: 'Notes/Deep' });
    for (const p of [...current]) if (p.startsWith('Notes/Deep/')) current.delete(p);
  }
  return { files, ops };
}

/** Writes the case's files into a new folder under `root`. */
export async function writeVault(c: Case): Promise<string> {
  const dir = path.join(root, `v${counter++}`);
  for (const [p, data] of Object.entries(c.files)) {
    await fs.mkdir(path.dirname(path.join(dir, p)), { recursive: true });
    await fs.writeFile(path.join(dir, p), data);
  }
  return dir;
}

/** A copy of a vault folder, in a new folder under `root`. */
export async function copy(dir: string): Promise<string> {
  const to = path.join(root, `v${counter++}`);
  await fs.cp(dir, to, { recursive: true });
  return to;
}

async function recoverWithCrash(dir: string, mode: 'resume' | 'rollback', rnd: () => number): Promise<void> {
  const probe = await copy(dir);
  const counting = new FaultVault(await NodeVault.open(probe), Infinity);
  await recoverJobs(counting, mode);
  if (counting.mutations === 0) return;
  const at = 1 + Math.floor(rnd() * counting.mutations);
  await expect(recoverJobs(new FaultVault(await NodeVault.open(dir), at, rnd), mode)).rejects.toThrow(SimulatedCrash);
}

/**
 * Runs the job cleanly, then crashes it at every mutating call and recovers each crash with
 * `mode` (sometimes crashing the recovery too), comparing every result with the clean one.
 */
export async function checkCrashRecovery(seed: number, mode: 'resume' | 'rollback', opts: { frontmatter?: boolean } = {}): Promise<void> {
  await checkCrashRecoveryOf(makeCase(seed, opts), seed, mode);
}

/** checkCrashRecovery for a given vault and job; `seed` drives the crash and tear choices. */
export async function checkCrashRecoveryOf(c: Case, seed: number, mode: 'resume' | 'rollback'): Promise<void> {
  const rnd = prng(seed ^ 0x5bd1e995);
  const batchSize = 1 + (seed % 4);
  const base = await writeVault(c);
  const before = await snapshot(base);
  const clean = await copy(base);
  const counting = new FaultVault(await NodeVault.open(clean), Infinity);
  const report = await executeJob(counting, { description: `seed ${seed}`, operations: c.ops }, { batchSize });
  expect(report.failure).toBeNull();
  const expected = mode === 'resume' ? await snapshot(clean) : before;
  for (let k = 1; k <= counting.mutations; k++) {
    const dir = await copy(base);
    await expect(executeJob(new FaultVault(await NodeVault.open(dir), k, rnd), { description: 'x', operations: c.ops }, { batchSize })).rejects.toThrow(SimulatedCrash);
    if (rnd() < 0.5) await recoverWithCrash(dir, mode, rnd);
    const { reports } = await recoverJobs(await NodeVault.open(dir), mode);
    expect(reports).toHaveLength(1);
    expect(await snapshot(dir), `seed ${seed}, crash at call ${k}, ${mode}`).toEqual(expected);
  }
}
