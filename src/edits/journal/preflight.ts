// Before a job starts: can every step write where it must? A read-only note, or a folder a step
// must add to or take from, refuses the job before anything runs, with each reason, instead of
// stopping it half-way with a raw permission error. Asked of the adapter (writeProblem); an adapter
// that cannot tell is trusted, and an error mid-job still rolls back (execute-job.ts).
import { parentOf } from '../../vault-vfs/path-safety';
import type { VaultPort } from '../../vault-vfs/vault-port';
import { describeOperation, type JobOperation } from './job-operation';

/** The nearest folder of `path` that exists now: where creating `path` writes. */
async function nearestExisting(port: VaultPort, path: string): Promise<string> {
  let p = parentOf(path);
  // A path the adapter refuses to look at (through a link out of the vault) is asked about as it is.
  while (p !== '' && !(await port.exists(p).catch(() => true))) p = parentOf(p);
  return p;
}

/** The files and folders the step writes to, as far as can be told before it runs. */
async function writesOf(port: VaultPort, op: JobOperation): Promise<string[]> {
  switch (op.type) {
    case 'create_folder':
    case 'create_note':
      // The path itself too: something there already (a link, say) is named for what it is.
      return [op.path, await nearestExisting(port, op.path)];
    case 'edit':
    case 'frontmatter':
      return [op.path, parentOf(op.path)];
    case 'trash':
      return [parentOf(op.path)];
    case 'move':
    case 'rename': {
      const out = [parentOf(op.source), op.destination, await nearestExisting(port, op.destination)];
      // The notes whose links it rewrites, replaced in their folders.
      for (const note of port.backlinks(op.source)) if (note !== op.source) out.push(note, parentOf(note));
      return out;
    }
  }
}

/** One problem per step that cannot run, before anything ran; empty when the job may start. */
export async function preflight(port: VaultPort, ops: readonly JobOperation[]): Promise<{ step: number; reason: string }[]> {
  const ask = port.writeProblem?.bind(port);
  if (!ask) return [];
  const problems: { step: number; reason: string }[] = [];
  const known = new Map<string, string | null>();
  for (const [i, op] of ops.entries()) {
    const reasons: string[] = [];
    for (const p of new Set(await writesOf(port, op))) {
      if (!known.has(p)) known.set(p, await ask(p));
      const r = known.get(p);
      if (r) reasons.push(r);
    }
    if (reasons.length > 0) problems.push({ step: i, reason: `${describeOperation(op)}: ${reasons.join('; ')}` });
  }
  return problems;
}
