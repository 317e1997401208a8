// The whole organize flow shared by the CLI and the plugin: plan, write the plan note, and, when
// asked, accept every operation and run them through the journal.
import type { PlanRunReport } from '../../edits/journal/run-plan-operations';
import { ProposalLedger } from '../../edits/pending/ledger/proposal-ledger';
import { decideOpBlocks } from '../../edits/pending/plan-note';
import { opBlockData } from '../../edits/pending/op-block-data';
import { runRecordedOperations } from '../../edits/pending/run-recorded-operations';
import { isInFolder } from '../../dsl/file-records';
import { checkVaultPath } from '../../vault-vfs/path-safety';
import type { VaultPort } from '../../vault-vfs/vault-port';
import type { OrganizePlan } from './organize-plan';
import { organizePlanNote, planNotePath } from './organize-plan-note';
import { type OrganizeRequest, organizeScopePolicy, planOrganize } from './plan-organize';

export interface OrganizeOutcome {
  plan: OrganizePlan;
  /** The plan note's path, or null when there was nothing to plan. */
  note: string | null;
  run: PlanRunReport | null;
}

export interface OrganizeRunOptions extends OrganizeRequest {
  planFolder: string;
  apply?: boolean;
  /** Plan only: no plan note, no ledger entry, nothing written anywhere. */
  dryRun?: boolean;
  now?: Date;
  /**
   * Called when the accepted plan starts to run: from then on `signal` no longer cancels a plan
   * but stops the job after the step being applied (what ran stays, undoable).
   */
  onApply?: () => void;
  /** An outside agent's name (an MCP client), recorded in the ledger as the plan's proposer. */
  proposer?: string;
}

/** Why `planFolder` cannot hold the plan notes of organizing `folder`, or null when it can. */
export function planFolderProblem(configDir: string, planFolder: string, folder: string): string | null {
  const checked = checkVaultPath(planFolder, { configDir });
  if (!checked.ok) return `the plan folder ${planFolder} cannot hold plan notes: ${checked.reason}`;
  if (folder !== '' && isInFolder(checked.path.toLowerCase(), folder.toLowerCase())) return `the plan folder ${planFolder} is inside the folder being organized (${folder}); choose another plan folder`;
  return null;
}

export async function organizeFolder(port: VaultPort, opts: OrganizeRunOptions): Promise<OrganizeOutcome> {
  // The plan folder is checked before any planning (and any model call), not when the note is written.
  const problem = planFolderProblem(port.configDir, opts.planFolder, opts.folder);
  if (problem !== null) throw new Error(problem);
  // Organizing the whole vault leaves the plan folder alone.
  const request = opts.folder === '' ? { ...opts, excludedFolders: [...(opts.excludedFolders ?? []), opts.planFolder] } : opts;
  const plan = await planOrganize(port, request);
  // A plan with nothing to do but conflicts to show still gets its note, so they can be read.
  if (opts.dryRun || (plan.operations.length === 0 && plan.conflicts.length === 0)) return { plan, note: null, run: null };
  const now = opts.now ?? new Date();
  const note = planNotePath(opts.planFolder, plan, now);
  const policy = organizeScopePolicy(port.configDir, request);
  // Recorded before the note exists: accepting checks each operation against this record.
  await ProposalLedger.of(port).record(
    plan.operations.map((op) => opBlockData(op, plan.planId)),
    note,
    policy,
    opts.proposer,
  );
  await port.create(note, organizePlanNote(plan, now));
  if (!opts.apply) return { plan, note, run: null };
  await decideOpBlocks(port, note, null, 'accept', policy);
  opts.onApply?.();
  const run = await runRecordedOperations(port, note, policy, null, opts.signal ? { signal: opts.signal } : {});
  return { plan, note, run };
}
