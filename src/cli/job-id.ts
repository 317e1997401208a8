// What `reeve undo --job ID` accepts: a job id (as `organize --apply` and `pending accept`
// print it) or an organize plan id (the `planId` of the plan note and of `organize --json`),
// which stands for the newest finished job that ran operations of that plan.
import { JournalStore } from '../edits/journal/journal-store';
import type { VaultPort } from '../vault-vfs/vault-port';

export async function resolveJobId(port: VaultPort, id: string | undefined): Promise<string | undefined> {
  if (id === undefined) return undefined;
  const store = new JournalStore(port.state);
  const done = await store.doneJobs();
  if (done.includes(id)) return id;
  for (const job of [...done].reverse()) {
    const loaded = await store.load(job, 'done');
    if (!loaded.ok) continue;
    const begin = loaded.records.find((r) => r.t === 'begin');
    if (begin?.t === 'begin' && begin.plan === id) return job;
  }
  return id;
}
