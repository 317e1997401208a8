// The ledger's part of accepting a block: a recorded block must still pass the policy it was
// proposed under (the settings of the moment are checked by the caller as well); a block the
// ledger does not know is refused unless the user confirmed, knowingly, that it was not proposed
// here. The refusal says so, so the CLI and the widgets can ask for that confirmation.
import { filter } from '../../scope/filter-proposals';
import type { Proposal } from '../../scope/scope-policy';
import type { LedgerVerdict } from './proposal-ledger';

export interface LedgerRefusal {
  reason: string;
  /** True when the block is not in the ledger: accepting it needs an explicit confirmation. */
  unrecorded: boolean;
}

/** How to confirm, in the words of the surface asking (a CLI flag, a button). */
export const CONFIRM_HINT = 'to accept it anyway, confirm that it was not proposed here (reeve pending accept --unrecorded, or "Accept anyway" on the block)';

/** Why the ledger stops this accept, or null when it may go on to the policy of the moment. */
export function ledgerRefusal(verdict: LedgerVerdict, proposal: Proposal, confirmedUnrecorded: boolean): LedgerRefusal | null {
  if (!verdict.recorded) {
    if (!confirmedUnrecorded) return { reason: `${verdict.reason}; ${CONFIRM_HINT}`, unrecorded: true };
    // A confirmation vouches for the text the user read, not for a deletion nobody planned.
    if (proposal.kind === 'op' && proposal.op.type === 'trash') return { reason: `${verdict.reason}; an operation Reeve did not plan may not trash anything, even confirmed: trash the file by hand if you mean it`, unrecorded: false };
    return null;
  }
  const refused = filter<Proposal>([proposal], verdict.policy).refused[0];
  return refused ? { reason: `the policy it was proposed under refuses it: ${refused.reason}`, unrecorded: false } : null;
}
