// The organize plan as DESIGN.md's JSON contract has it (plus duplicates, undecided files and the
// tree metrics before and after, which the plan note shows the user).
import { hasPath, isNoteEdit, type PlannedOperation, type Risk } from '../../vault-vfs/operations';
import type { PlanQuality } from './scoring/plan-quality';

export interface PlanConflictJson {
  kind: string;
  paths: string[];
  detail: string;
}

export type PlannedWithRisk = PlannedOperation & { risk: Risk };

export interface OrganizePlan {
  planId: string;
  targetFolder: string;
  description: string;
  operations: PlannedWithRisk[];
  conflicts: PlanConflictJson[];
  unchanged: number;
  /** Groups of files with identical content. */
  duplicates: string[][];
  /** Loose files no rule, heuristic or agent placed. */
  undecided: string[];
  /** The tree before and after the plan: cohesion, depth, width, collisions. */
  quality?: PlanQuality;
}

/**
 * `{"planId","targetFolder","description","operations":[{"opId","type","source","destination","path","rule","risk"}],"conflicts":[...],"unchanged":N}`;
 * a note edit (add_tags, remove_tags, set_properties) also has its values `before` and `after`.
 */
export function planJson(plan: OrganizePlan): unknown {
  return {
    planId: plan.planId,
    targetFolder: plan.targetFolder,
    description: plan.description,
    operations: plan.operations.map((op) => ({
      opId: op.opId,
      type: op.type,
      source: hasPath(op) ? null : op.source,
      destination: hasPath(op) ? null : op.destination,
      path: hasPath(op) ? op.path : null,
      ...(isNoteEdit(op) ? { before: op.before, after: op.after } : {}),
      rule: op.rule ?? null,
      reason: op.reason ?? null,
      risk: op.risk,
    })),
    conflicts: plan.conflicts,
    unchanged: plan.unchanged,
    duplicates: plan.duplicates,
    undecided: plan.undecided,
    metrics: plan.quality ?? null,
  };
}
