// The edit operations a rule makes on one note it claimed: its tags and properties expanded for
// the note, compared with what the note holds, and nothing when it holds them already. Read from
// the note's text (never the metadata cache alone) so frontmatter that is not valid YAML is caught
// here, at plan time, and the note's edit refused with the reason.
import type { FileRecord } from '../vault-vfs/file-record';
import type { NoteEditPlanned } from '../vault-vfs/operations';
import { planNoteEdits } from './plan-note-edits';
import { expandEdits } from './rule-edits';
import type { CompiledRule } from './rules';

export type RuleEditOps = { ok: true; operations: NoteEditPlanned[] } | { ok: false; reason: string };

/** The rule's edits of `record` as operations (without ids), or why they cannot be made. */
export async function ruleEditOps(rule: CompiledRule, record: FileRecord, readNote?: (path: string) => Promise<string>): Promise<RuleEditOps> {
  if (rule.edits === null) return { ok: true, operations: [] };
  const expanded = expandEdits(rule.edits, record);
  if (!expanded.ok) return expanded;
  const read = readNote ?? record.readContent;
  if (read === undefined) return { ok: false, reason: `only notes can be edited; ${record.path} is not one` };
  const text = await read(record.path);
  const plan = planNoteEdits(record.path, text, expanded.edits, record.tags);
  if (!plan.ok) return plan;
  const reason = `matches ${rule.condition.normalized}`;
  return { ok: true, operations: plan.operations.map((op): NoteEditPlanned => ({ ...op, opId: '', rule: rule.name, reason })) };
}
