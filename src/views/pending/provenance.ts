// Whether Reeve proposed the block a widget shows: the ledger is asked when the widget renders,
// and a block it has no record of (typed, pasted, synced from elsewhere, or changed) carries a
// warning saying so. Accepting such a block takes a second, explicit click on "Accept anyway",
// a button whose label and description name that the block was not proposed here; rejecting an
// edit block, which writes back the text it carries, takes "Reject anyway" the same way.
import type { EditBlockData, OpBlockData } from '../../edits/pending/block-format';
import { ProposalLedger } from '../../edits/pending/ledger/proposal-ledger';
import type { VaultPort } from '../../vault-vfs/vault-port';

export const ACCEPT_ANYWAY = 'Accept anyway';
export const ACCEPT_ANYWAY_LABEL = 'Accept this block although Reeve did not propose it here';
export const REJECT_ANYWAY = 'Reject anyway';
export const REJECT_ANYWAY_LABEL = 'Reject this block and write back the text it carries as the original, although Reeve did not propose it here';

/** Fills `slot` with a warning when the ledger does not know the block; `alive` guards a late answer. */
export async function showProvenance(slot: HTMLElement, port: VaultPort, note: string, data: EditBlockData | OpBlockData, alive: () => boolean): Promise<void> {
  const verdict = await ProposalLedger.of(port).check(note, data);
  if (verdict.recorded || !alive()) return;
  slot.addClass('reeve-pending-unrecorded');
  slot.setText(verdict.reason.charAt(0).toUpperCase() + verdict.reason.slice(1) + '. Read it before accepting or rejecting.');
}
