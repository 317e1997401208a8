// The one check a decision on a pending block goes through, in the CLI and in the plugin alike:
//
// - Accept: a recorded block must still pass the policy it was proposed under (its scope,
//   capabilities and walls, rebuilt from the ledger) AND the policy of the moment (the vault's
//   settings now: its walls, data.json's excluded folders among them, and its capabilities), so a
//   `replace` in a folder excluded since, or under capabilities reduced to `add`, is refused and
//   the refusal says which promise it breaks.
// - Reject writes a block's `before` back into the note: from a block Reeve has no record of, that
//   is text a stranger wrote, so it needs the same explicit confirmation as accepting one.
// - A block the ledger does not know is refused unless the user confirmed, knowingly, that it was
//   not proposed here; the refusal says so (`unrecorded`), so the CLI and the widgets can ask.
import { filter } from '../../scope/filter-proposals';
import type { Proposal, ScopePolicy } from '../../scope/scope-policy';
import type { LedgerVerdict } from './proposal-ledger';

export interface LedgerRefusal {
  reason: string;
  /** True when the block is not in the ledger: deciding it needs an explicit confirmation. */
  unrecorded: boolean;
}

export type BlockDecision = 'accept' | 'reject';

/** How to confirm, in the words of the surface asking (a CLI flag, a button). */
export function confirmHint(decision: BlockDecision): string {
  const button = decision === 'accept' ? 'Accept anyway' : 'Reject anyway';
  return `to ${decision} it anyway, confirm that it was not proposed here (reeve pending ${decision} --unrecorded, or "${button}" on the block)`;
}

export const CONFIRM_HINT = confirmHint('accept');

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

/**
 * Why accepting this block may not go ahead, or null: the ledger (recorded, and within the policy
 * it was proposed under) and then `now`, the policy of the vault's settings at this moment.
 * `verdict` undefined means the ledger could not be asked for this block.
 */
export function acceptRefusal(verdict: LedgerVerdict | undefined, proposal: Proposal, now: ScopePolicy, confirmedUnrecorded: boolean): LedgerRefusal | null {
  if (verdict === undefined) return { reason: 'the block changed while it was being checked; look at it again', unrecorded: false };
  const ledger = ledgerRefusal(verdict, proposal, confirmedUnrecorded);
  if (ledger) return ledger;
  // The policy of the moment's own words say what stops it (an excluded folder, a permission).
  const refused = filter<Proposal>([proposal], now).refused[0];
  return refused ? { reason: refused.reason, unrecorded: false } : null;
}

/** Why rejecting this edit block may not go ahead (a block nobody here proposed, unconfirmed), or null. */
export function rejectRefusal(verdict: LedgerVerdict | undefined, confirmedUnrecorded: boolean): LedgerRefusal | null {
  if (verdict === undefined) return { reason: 'the block changed while it was being checked; look at it again', unrecorded: false };
  if (verdict.recorded || confirmedUnrecorded) return null;
  return { reason: `${verdict.reason}; rejecting it would write back text it carries as the original; ${confirmHint('reject')}`, unrecorded: true };
}
