// A second process for the concurrency tests: takes the journal lock of a vault's state folder
// through the real store, says "held", then after `ms` releases it ("release") or exits without
// releasing, as a process that dies mid-job ("die").
import * as path from 'node:path';
import { JOURNAL_LOCK } from '../../../src/edits/journal/journal-lock';
import { NodeStateStore } from '../../../src/vault-vfs/node/node-state-store';

const [vault, ms, mode] = process.argv.slice(2);
const store = new NodeStateStore(path.join(vault ?? '.', '.obsidian', 'plugins', 'reeve'));
const attempt = await store.tryLock(JOURNAL_LOCK);
if (!attempt.ok) {
  process.stdout.write('busy\n');
  process.exit(3);
}
process.stdout.write('held\n');
await new Promise((r) => setTimeout(r, Number(ms)));
if (mode === 'die') process.exit(0);
await attempt.release();
