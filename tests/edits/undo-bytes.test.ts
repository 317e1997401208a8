// Undo of any job that touched a note that is not UTF-8 (issue 11, item 1: "undo reports success
// without restoring them"): it either gives back every byte, or says exactly which note it could
// not give back and why, never "reverted" over a note it left different. Whatever the bytes
// (invalid sequences, stray continuation bytes, a byte order mark), whatever the job (a link in
// the note rewritten, the note moved, tagged or trashed), and whether or not the user edited the
// note after the job.
import fc from 'fast-check';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { executeJob, type JobOperationInput } from '../../src/edits/journal/execute-job';
import { undoJob } from '../../src/edits/journal/recover-jobs';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { removeVault, snapshot, tempVault, type TempVault } from './helpers/temp-vault';

let vault: TempVault | null = null;
afterEach(async () => {
  if (vault) await removeVault(vault);
  vault = null;
});

/** Bytes that cannot open a link, a code span or a line (so the note keeps one link and no frontmatter). */
const freeBytes = fc.uint8Array({ maxLength: 30 }).map((b) => Buffer.from(b.filter((x) => ![0x5b, 0x5d, 0x0a, 0x0d, 0x60, 0x23, 0x2d].includes(x))));
/** Always at least one byte that is not UTF-8, so the note is never valid UTF-8. */
const invalidByte = fc.constantFrom(0x80, 0xbf, 0xc0, 0xe9, 0xed, 0xf5, 0xff);

type Job = 'link rewritten' | 'note moved' | 'note tagged' | 'note trashed';
const NOTE = 'B/n.md';
const whereAfter: Record<Job, string | null> = { 'link rewritten': NOTE, 'note moved': 'C/n.md', 'note tagged': NOTE, 'note trashed': null };

function jobOf(kind: Job): JobOperationInput[] {
  switch (kind) {
    case 'link rewritten':
      return [{ opId: 'o1', type: 'rename', source: 'A/t.md', destination: 'A/u.md' }];
    case 'note moved':
      return [{ opId: 'o1', type: 'move', source: NOTE, destination: 'C/n.md' }];
    case 'note tagged':
      return [{ opId: 'o1', type: 'add_tags', path: NOTE, before: [], after: ['filed'] }];
    case 'note trashed':
      return [{ opId: 'o1', type: 'trash', path: NOTE }];
  }
}

describe('undo of a job that touched a note that is not UTF-8', () => {
  it('gives back every byte, or names the note it could not give back', async () => {
    await fc.assert(
      fc.asyncProperty(
        freeBytes,
        invalidByte,
        freeBytes,
        fc.constantFrom<Job>('link rewritten', 'note moved', 'note tagged', 'note trashed'),
        fc.option(fc.tuple(freeBytes, invalidByte), { nil: null }),
        async (head, bad, tail, kind, userEdit) => {
          const note = Buffer.concat([head, Buffer.from([bad]), Buffer.from(' [[t]]\n'), tail]);
          const v = await tempVault({ 'A/t.md': 'target\n', [NOTE]: note });
          try {
            const before = await snapshot(v.dir);
            const report = await executeJob(v.port, { description: kind, operations: jobOf(kind) });
            expect(report.failure).toBeNull();
            const at = whereAfter[kind];
            // The user types into the note afterwards (bytes that are not UTF-8 either).
            const typed = userEdit === null || at === null ? null : Buffer.concat([userEdit[0], Buffer.from([userEdit[1]])]);
            if (typed !== null && at !== null) await fs.appendFile(path.join(v.dir, at), typed);
            const beforeUndo = await snapshot(v.dir);
            const undo = await undoJob(await NodeVault.open(v.dir)).catch((e: unknown) => e as Error);
            const after = await snapshot(v.dir);
            if (undo instanceof Error) {
              // Refused: it says which note, and nothing was changed.
              expect(typed, `undo refused with nothing edited: ${undo.message}`).not.toBeNull();
              expect(undo.message).toContain(at ?? NOTE);
              expect(after).toEqual(beforeUndo);
              return;
            }
            expect(undo.state).toBe('reverted');
            if (typed === null) {
              expect(undo.notes).toEqual([]);
              expect(after).toEqual(before);
              return;
            }
            // Reverted over a note the user edited since: every other file is back, and the note
            // has its own bytes with the user's kept (the job's change taken out, nothing else).
            const { [NOTE]: mine, ...rest } = after;
            const { [NOTE]: original, ...restBefore } = before;
            expect(rest).toEqual(restBefore);
            expect(original).toBeDefined();
            expect(Buffer.from(mine ?? '', 'base64').equals(Buffer.concat([note, typed]))).toBe(true);
          } finally {
            await removeVault(v);
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});
