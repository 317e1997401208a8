// Organize rules as saved in settings, checked with the same compiler the CLI and the organize
// agent use. A rule that does not compile is kept (with its text, so the user can fix it) but
// switched off and reported with what is wrong and where; it is never silently dropped.
import { compileExpression } from '../dsl/compile';
import { DslError } from '../dsl/errors';
import { EDIT_KEYS } from '../dsl/rule-edits';
import { checkRules, type CompiledRule, type RuleSpec } from '../dsl/rules';
import { isRecord } from './read-fields';

export interface SavedRule extends RuleSpec {
  /** Off rules are kept but never run; a rule that fails to compile is turned off on load. */
  enabled: boolean;
}

/** The rule's spec as the compiler takes it (no `enabled`). */
export function specOf(rule: SavedRule): RuleSpec {
  const spec: RuleSpec = { name: rule.name, if: rule.if };
  if (rule.thenMoveTo !== undefined) spec.thenMoveTo = rule.thenMoveTo;
  if (rule.thenRenameTo !== undefined) spec.thenRenameTo = rule.thenRenameTo;
  for (const key of EDIT_KEYS) if (rule[key] !== undefined) Object.assign(spec, { [key]: rule[key] });
  if (rule.priority !== undefined) spec.priority = rule.priority;
  return spec;
}

/**
 * What is wrong with each rule, or null when it compiles. Messages name the rule by its place in
 * the list and its name (`rule 3 ("PDFs"): "if": … at 1:9`), as the rules-file errors do.
 */
export function ruleProblems(rules: readonly SavedRule[]): (string | null)[] {
  return checkRules(rules.map(specOf)).map((c) => (c.ok ? null : c.problem));
}

/** The rules that run: enabled and compiling, in the order saved (priority decides later). */
export function compiledRules(rules: readonly SavedRule[]): CompiledRule[] {
  return checkRules(rules.map(specOf)).flatMap((c, i) => (c.ok && rules[i]?.enabled === true ? [c.rule] : []));
}

export interface ConditionProblem {
  message: string;
  line: number;
  col: number;
}

/** Live check of one `if` condition for the editor: null when it compiles. */
export function checkCondition(text: string): ConditionProblem | null {
  if (text.trim() === '') return { message: 'The condition is empty; for example file.ext == "pdf"', line: 1, col: 1 };
  try {
    compileExpression(text);
    return null;
  } catch (e) {
    if (e instanceof DslError) return { message: e.message, line: e.line, col: e.col };
    throw e;
  }
}

function optionalText(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** One stored entry as a SavedRule, keeping whatever text it had so nothing the user wrote is lost. */
function savedRuleOf(raw: unknown, i: number): SavedRule {
  if (!isRecord(raw)) return { name: `rule ${i + 1}`, if: JSON.stringify(raw) ?? '', enabled: false };
  const rule: SavedRule = {
    name: typeof raw.name === 'string' ? raw.name : `rule ${i + 1}`,
    if: typeof raw.if === 'string' ? raw.if : (optionalText(raw.if) ?? ''),
    enabled: raw.enabled !== false,
  };
  const move = optionalText(raw.thenMoveTo);
  const rename = optionalText(raw.thenRenameTo);
  if (move !== undefined) rule.thenMoveTo = move;
  if (rename !== undefined) rule.thenRenameTo = rename;
  // Edit actions are kept as written; a malformed one is reported by the check and turns the rule off.
  for (const key of EDIT_KEYS) if (raw[key] !== undefined && raw[key] !== null) Object.assign(rule, { [key]: raw[key] });
  if (typeof raw.priority === 'number') rule.priority = raw.priority;
  return rule;
}

/** Reads `settings.rules`; every rule that does not compile is reported and turned off. */
export function readRules(raw: unknown, problems: string[]): SavedRule[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    problems.push('settings.rules should be a list of rules; no rules loaded');
    return [];
  }
  const rules = raw.map(savedRuleOf);
  // A corrupt entry is stored off, but the user meant it to run: report it too.
  const meantOn = raw.map((r: unknown) => !isRecord(r) || r.enabled !== false);
  ruleProblems(rules).forEach((problem, i) => {
    const rule = rules[i];
    if (problem === null || !rule) return;
    if (meantOn[i]) problems.push(`${problem}; the rule is kept but turned off until it is fixed`);
    rule.enabled = false;
  });
  return rules;
}
