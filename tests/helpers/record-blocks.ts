// Records every pending block of a vault's notes in Reeve's ledger, as if Reeve had proposed
// them, with policies that allow everything (the widgets' and commands' own policies still apply).
// For tests that write blocks by hand but are about something other than the ledger.
import { organizeScopePolicy } from '../../src/agents/organize/plan-organize';
import { findBlocks } from '../../src/edits/pending/find-blocks';
import { ProposalLedger } from '../../src/edits/pending/ledger/proposal-ledger';
import { buildScopePolicy, EDIT_CAPABILITIES } from '../../src/edits/scope/scope-policy';
import type { VaultPort } from '../../src/vault-vfs/vault-port';

export async function recordAllBlocks(port: VaultPort): Promise<void> {
  const ledger = ProposalLedger.of(port);
  const edits = buildScopePolicy({ configDir: port.configDir, scope: { folders: ['**'] }, capabilities: [...EDIT_CAPABILITIES] });
  const ops = organizeScopePolicy(port.configDir, { folder: '', allowOutside: true, allowTrash: true });
  for (const e of await port.list()) {
    if (e.kind !== 'file' || !e.path.endsWith('.md')) continue;
    const blocks = findBlocks(await port.read(e.path));
    await ledger.record(blocks.flatMap((b) => (b.kind === 'edit' && b.state === 'pending' ? [b.data] : [])), e.path, edits);
    await ledger.record(blocks.flatMap((b) => (b.kind === 'op' && b.state === 'ok' ? [b.data] : [])), e.path, ops);
  }
}
