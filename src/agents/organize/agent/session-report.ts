// What the organize agent reads back from its tools, kept small on purpose: counts and a few
// examples per group, refusals and conflicts with only the items concerned, and undecided files
// in batches of at most 50. A 10,000-file folder costs the same few hundred tokens per call as a
// 50-file one.
import { hasPath, isNoteEdit, type PlannedOperation } from '../../../vault-vfs/operations';
import { nameOf, parentOf } from '../../../vault-vfs/path-safety';
import type { Refusal, SessionPlan } from './rule-session';

/** Most items (files or refused paths) any one tool result lists. */
export const BATCH_SIZE = 50;
const EXAMPLES = 3;

export function refusalLines(refused: readonly Refusal[], max = BATCH_SIZE): string[] {
  if (refused.length === 0) return [];
  const lines = [`Refused (${refused.length}; these never reach the plan):`];
  let listed = 0;
  for (const r of refused) {
    if (listed >= max) {
      lines.push(`… ${refused.length - listed} more refusals`);
      break;
    }
    const who = r.rule === null ? '' : `rule "${r.rule}": `;
    lines.push(`- ${r.paths.slice(0, 3).join(' -> ')}${r.paths.length > 3 ? ` (+${r.paths.length - 3} files)` : ''}: ${who}${r.reason.replace(/^rule "[^"]*": /u, '')}`);
    listed++;
  }
  return lines;
}

export function ruleMatchLines(plan: SessionPlan, total: number): string[] {
  const lines = [...plan.matchedBy].map(([rule, n]) => `- "${rule}" claimed ${n} file${n === 1 ? '' : 's'}`);
  lines.push(`${total - plan.unmatched.length} of ${total} undecided files matched a rule; ${plan.unmatched.length} matched none; ${plan.unchanged} already in place.`);
  return lines;
}

function opKey(op: PlannedOperation, by: 'operation_type' | 'destination_folder'): string {
  if (by === 'operation_type') return op.type;
  if (op.type === 'create_folder') return 'new folders';
  if (isNoteEdit(op)) return 'tags and properties';
  return op.type === 'trash' ? 'trash' : parentOf(op.destination) || '(vault root)';
}

function opText(op: PlannedOperation): string {
  if (isNoteEdit(op)) return `${nameOf(op.path)}: ${JSON.stringify(op.before)} -> ${JSON.stringify(op.after)}`;
  return hasPath(op) ? op.path : `${nameOf(op.source)} -> ${op.destination}`;
}

export function groupedOperations(ops: readonly PlannedOperation[], by: 'operation_type' | 'destination_folder'): string[] {
  const groups = new Map<string, PlannedOperation[]>();
  for (const op of ops) groups.set(opKey(op, by), [...(groups.get(opKey(op, by)) ?? []), op]);
  const lines = [`${ops.length} operations in ${groups.size} group${groups.size === 1 ? '' : 's'}:`];
  for (const [key, group] of [...groups].sort(([a], [b]) => a.localeCompare(b)).slice(0, BATCH_SIZE)) {
    const rules = [...new Set(group.map((op) => op.rule ?? ''))].join(', ');
    lines.push(`- ${key} (${group.length}; ${rules}): ${group.slice(0, EXAMPLES).map(opText).join('; ')}${group.length > EXAMPLES ? '; …' : ''}`);
  }
  if (groups.size > BATCH_SIZE) lines.push(`… ${groups.size - BATCH_SIZE} more groups`);
  return lines;
}
