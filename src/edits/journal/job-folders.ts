// The folders a job may have written in: where an interrupted write of the job can have left a
// temporary file. The folders of every path an operation names (both ends of a move), and of
// every note whose links a move rewrote, where it was and where the move took it.
import { parentOf } from '../../vault-vfs/path-safety';
import type { JobState } from './job-state';
import { movedPath } from './steps/step-move';

export function jobFolders(state: JobState): string[] {
  const out = new Set<string>();
  state.ops.forEach((op, i) => {
    if (!('source' in op)) {
      out.add(parentOf(op.path));
      return;
    }
    out.add(parentOf(op.source));
    out.add(parentOf(op.destination));
    const before = state.steps[i]?.before;
    if (before?.type !== 'move') return;
    for (const note of before.notes) {
      out.add(parentOf(note.path));
      out.add(parentOf(movedPath(note.path, op.source, op.destination)));
    }
  });
  return [...out];
}
