// An organize operation as the `ai-op` block records it, and back: the one translation between
// a PlannedOperation and the JSON of its block, used when a plan is written and when it is checked.
import { isNoteEdit, riskOf, type PlannedOperation, type PropertyValues } from '../../vault-vfs/operations';
import type { OpBlockData } from './block-format';

export function opBlockData(op: PlannedOperation, job: string): OpBlockData {
  const data: OpBlockData = { id: op.opId, job, type: op.type, risk: riskOf(op) };
  if (op.type === 'create_folder' || op.type === 'trash') data.path = op.path;
  else if (isNoteEdit(op)) {
    data.path = op.path;
    data.before = op.before;
    data.after = op.after;
  } else {
    data.source = op.source;
    data.destination = op.destination;
  }
  if (op.rule !== undefined) data.rule = op.rule;
  if (op.reason !== undefined) data.reason = op.reason;
  return data;
}

export function plannedOperationOf(d: OpBlockData): PlannedOperation {
  const extra = { ...(d.rule !== undefined ? { rule: d.rule } : {}), ...(d.reason !== undefined ? { reason: d.reason } : {}) };
  if (d.type === 'create_folder' || d.type === 'trash') return { opId: d.id, type: d.type, path: d.path ?? '', ...extra };
  if (d.type === 'set_properties') return { opId: d.id, type: d.type, path: d.path ?? '', before: asProperties(d.before), after: asProperties(d.after), ...extra };
  if (d.type === 'add_tags' || d.type === 'remove_tags') return { opId: d.id, type: d.type, path: d.path ?? '', before: asTags(d.before), after: asTags(d.after), ...extra };
  return { opId: d.id, type: d.type, source: d.source ?? '', destination: d.destination ?? '', ...extra };
}

const asTags = (v: OpBlockData['before']): string[] => (Array.isArray(v) ? v : []);
const asProperties = (v: OpBlockData['before']): PropertyValues => (v !== undefined && !Array.isArray(v) ? v : {});
