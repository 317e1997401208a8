// Which files organize may touch. Hidden files and folders (a name starting with ".": `.git`,
// `.stfolder`, a tool's cache) belong to other programs and are never organized, unless a rule
// names them explicitly (`file.isHidden`, or a path that spells out a hidden name). Files whose
// names Reeve cannot safely link to or move (`C# notes.md`: "#" breaks a wikilink) are left
// where they are and reported in the plan, instead of failing the whole run.
import type { CompiledRule } from '../../dsl/rules';
import type { FileRecord } from '../../vault-vfs/file-record';
import { checkVaultPath } from '../../vault-vfs/path-safety';
import type { PlanConflictJson } from './organize-plan';

/** Whether a rule asks for hidden files by name: `file.isHidden`, or a text naming a dot-name. */
export function ruleNamesHidden(rule: CompiledRule): boolean {
  const source = rule.condition.normalized;
  return /\bfile\.isHidden\b/.test(source) || /"(?:[^"\\]*\/)?\.[^"./\\]/.test(source);
}

export interface Organizable {
  /** Files every source may look at: named safely, not hidden. */
  visible: FileRecord[];
  /** Hidden files, safely named: only rules that name hidden files see them. */
  hidden: FileRecord[];
  /** One conflict per file left alone for its name. */
  unsafe: PlanConflictJson[];
}

export function organizable(records: readonly FileRecord[], configDir: string): Organizable {
  const out: Organizable = { visible: [], hidden: [], unsafe: [] };
  for (const r of records) {
    const check = checkVaultPath(r.path, { configDir });
    if (!check.ok) out.unsafe.push({ kind: 'unsafe-name', paths: [r.path], detail: `${r.path} is left where it is: ${check.reason}; rename it by hand to organize it` });
    else if (r.isHidden) out.hidden.push(r);
    else out.visible.push(r);
  }
  return out;
}
