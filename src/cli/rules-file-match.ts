// `reeve rules match <vault> --rules FILE [--folder F] [--json]`: what a rules file would do to
// each file it matches, without writing anything: the rule that claims the file, where it goes,
// and the tags and properties it sets (values before and after). Refused files go to stderr.
import { planRulesOnVault } from '../dsl/plan-rules';
import { type CompiledRule, parseRulesJson } from '../dsl/rules';
import type { SimilarityKind, SimilaritySources } from '../dsl/similarity';
import { isNoteEdit, type NoteEdit, noteEditOf } from '../vault-vfs/operations';
import type { VaultPort } from '../vault-vfs/vault-port';
import { InputError, type CliIO } from './command';
import { readUserFile } from './user-file';

export interface RuleFileMatch {
  path: string;
  rule: string;
  /** Where the file goes (itself when it stays); null when refused. */
  destination: string | null;
  edits: NoteEdit[];
}

/** The rules of a rules file (JSON, as docs/rules.md says), or an InputError naming the file. */
export async function readRulesFile(file: string): Promise<CompiledRule[]> {
  const text = await readUserFile(file).catch((e: Error) => {
    throw new InputError(`cannot read rules file ${file}: ${e.message}`);
  });
  if (text === null) throw new InputError(`cannot read rules file ${file}: no such file`);
  try {
    return parseRulesJson(text);
  } catch (e) {
    throw new InputError(`${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

export async function matchRulesFile(
  vault: VaultPort,
  rules: readonly CompiledRule[],
  folder: string,
  similarity?: SimilaritySources,
  allowOutside = false,
): Promise<{ matches: RuleFileMatch[]; refused: string[]; similarityUsed: SimilarityKind | null }> {
  const plan = await planRulesOnVault(vault, rules, { folder, allowOutside, ...(similarity ? { similarity } : {}) });
  const edits = new Map<string, NoteEdit[]>();
  for (const op of plan.operations) {
    if (!isNoteEdit(op)) continue;
    edits.set(op.path, [...(edits.get(op.path) ?? []), noteEditOf(op)]);
  }
  const matches = plan.matches.map((m): RuleFileMatch => ({ path: m.path, rule: m.rule, destination: m.destination, edits: edits.get(m.path) ?? [] }));
  return { matches, refused: plan.conflicts.map((c) => c.detail), similarityUsed: plan.similarityUsed };
}

/** One line per file: `path  (rule) -> destination; add_tags [..] -> [..]`. */
export function printRuleMatches(io: CliIO, matches: readonly RuleFileMatch[], json: boolean): void {
  if (json) {
    io.stdout(`${JSON.stringify(matches)}\n`);
    return;
  }
  for (const m of matches) {
    const where = m.destination === null ? 'refused' : m.destination === m.path ? 'stays' : `-> ${m.destination}`;
    const edits = m.edits.map((e) => `; ${e.type} ${JSON.stringify(e.before)} -> ${JSON.stringify(e.after)}`).join('');
    io.stdout(`${m.path}  (${m.rule}) ${where}${edits}\n`);
  }
}
