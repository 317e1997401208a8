// Recording a move reads the moved note once: its text, kept for undo when the note has links, is
// hashed for the record where the adapter's text keeps every byte (readsEveryByte), instead of the
// file being read again to hash it. The hash recorded is still the hash of the file's bytes (a
// byte-order mark, bytes that are not UTF-8, CRLF), so recovery knows the moved note by it.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { executeJob } from '../../src/edits/journal/execute-job';
import { decodeJournalBytes, type JournalRecord } from '../../src/edits/journal/journal-records';
import { undoJob } from '../../src/edits/journal/recover-jobs';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { removeVault, tempVault, type TempVault } from './helpers/temp-vault';

const vaults: TempVault[] = [];
afterEach(async () => {
  for (const v of vaults.splice(0)) await removeVault(v);
});

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

const NOTES: Record<string, Uint8Array> = {
  'A/plain.md': Buffer.from('# Plain\n\nsee [[other]]\n'),
  'A/bom.md': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('# BOM, café\r\nsee [[other]]\r\n')]),
  'A/latin1.md': Buffer.concat([Buffer.from('# Caf'), Buffer.from([0xe9]), Buffer.from(' \xff\nsee [[other]]\n', 'latin1')]),
};

describe('recording a move', () => {
  it('hashes the text it read instead of reading the file again, and records the hash of its bytes', async () => {
    const tv = await tempVault({ ...NOTES, 'other.md': 'other, see [[plain]] [[bom]] [[latin1]]' });
    vaults.push(tv);
    const vault = await NodeVault.open(tv.dir);
    // The adapter itself, with its file reads counted (nothing is changed in what it does).
    const asked: string[] = [];
    const counted = new Proxy(vault, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if ((key === 'hashFile' || key === 'readBinary') && typeof value === 'function') {
          return (p: string) => {
            asked.push(`${key} ${p}`);
            return (value as (p: string) => Promise<unknown>).call(target, p);
          };
        }
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const ops = Object.keys(NOTES).map((p, i) => ({ opId: `o${i}`, type: 'rename' as const, source: p, destination: p.replace('.md', ' 2.md') }));
    const report = await executeJob(counted, { description: 'renames', operations: ops });
    expect(report.failure).toBeNull();
    expect(asked).toEqual([]);
    const journal = await fs.readFile(path.join(tv.dir, '.obsidian/plugins/reeve/journal/done', `${report.job}.jsonl`));
    const decoded = await decodeJournalBytes(new Uint8Array(journal));
    if (!decoded.ok) throw new Error(decoded.reason);
    const intents = decoded.records.filter((r): r is JournalRecord & { t: 'intent' } => r.t === 'intent');
    const hashes = intents.map((r) => (r.before.type === 'move' ? r.before.hash : null));
    expect(hashes.sort()).toEqual(Object.values(NOTES).map(sha256).sort());
    // Undo finds each moved note by that hash and puts every byte back.
    await undoJob(await NodeVault.open(tv.dir));
    for (const [p, bytes] of Object.entries(NOTES)) expect(sha256(await fs.readFile(path.join(tv.dir, p)))).toBe(sha256(bytes));
  });
});
