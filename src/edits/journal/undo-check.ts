// Before an undo changes anything: does the vault still show what the job left? Walks the job's
// steps to the final expected state of every path it touched (content hashes for notes it wrote,
// presence for folders and moved files, absence for what it moved away or trashed) and compares.
import type { VaultPort } from '../../vault-vfs/vault-port';
import type { JobState } from './job-state';
import { movedPath } from './steps/step-move';
import { textHash } from './steps/step-kit';

/**
 * `soft` marks notes the job only touched through link rewriting: if they were edited since, the
 * undo still runs, restores their links and keeps the edit (and says so).
 */
type Expect = { kind: 'hash'; hash: string; soft?: true } | { kind: 'exists' } | { kind: 'absent' };

function remap(expected: Map<string, Expect>, from: string, to: string | null): void {
  for (const [p, e] of [...expected]) {
    if (p !== from && !p.startsWith(from + '/')) continue;
    expected.delete(p);
    if (to !== null) expected.set(movedPath(p, from, to), e);
  }
}

export function finalExpectations(state: JobState): Map<string, Expect> {
  const expected = new Map<string, Expect>();
  state.ops.forEach((op, i) => {
    // A step that never ran (the user stopped the run before it) left nothing to find.
    if (state.stopped !== null && state.steps[i]?.status !== 'applied') return;
    const after = state.steps[i]?.after ?? null;
    switch (op.type) {
      case 'create_folder':
        expected.set(op.path, { kind: 'exists' });
        break;
      case 'create_note':
      case 'edit':
        expected.set(op.path, { kind: 'hash', hash: op.hashAfter });
        break;
      case 'move':
      case 'rename':
        remap(expected, op.source, op.destination);
        if (!expected.has(op.destination)) expected.set(op.destination, { kind: 'exists' });
        if (after?.type === 'move') for (const c of after.changed) expected.set(c.path, { kind: 'hash', hash: c.hash, soft: true });
        expected.set(op.source, { kind: 'absent' });
        break;
      case 'frontmatter':
        expected.set(op.path, after?.type === 'frontmatter' && after.hash !== null ? { kind: 'hash', hash: after.hash } : { kind: 'exists' });
        break;
      case 'trash':
        remap(expected, op.path, null);
        expected.set(op.path, { kind: 'absent' });
        break;
    }
  });
  return expected;
}

/** What differs from the state the job left; empty when the undo may run. */
export async function checkUndoable(port: VaultPort, state: JobState): Promise<string[]> {
  const problems: string[] = [];
  for (const [path, e] of finalExpectations(state)) {
    const exists = await port.exists(path);
    if (e.kind === 'absent' && exists) problems.push(`${path} exists again`);
    else if (e.kind === 'exists' && !exists) problems.push(`${path} is gone`);
    else if (e.kind === 'hash') {
      if (!exists) problems.push(`${path} is gone`);
      else if (!e.soft && (await textHash(port, path)) !== e.hash) problems.push(`${path} was edited after the job`);
    }
  }
  return problems;
}
