// The organize agent's working state: the rules it has written so far, and what they would do to
// the undecided files. Its rules go through exactly what the user's rules go through (the DSL
// compiler, `planRules`, the organize scope policy's `filter()`, the shadow VFS), plus two limits
// only the agent gets: it may not take a destination that is already taken (a user's rule would
// get a numbered name; a model's guess is refused instead), and a rule set that would push the
// plan over its operation limit is refused whole. Rules that set tags and properties are taken
// only when the user enabled them for the agent.
import { planRules } from '../../../dsl/plan-rules';
import { EDIT_KEYS } from '../../../dsl/rule-edits';
import { checkRules, type CompiledRule, type RuleSpec } from '../../../dsl/rules';
import type { SimilaritySources } from '../../../dsl/similarity';
import { filter, opProposal } from '../../../edits/scope/filter-proposals';
import type { FileRecord } from '../../../vault-vfs/file-record';
import { type PlannedOperation, opPaths } from '../../../vault-vfs/operations';
import { parentOf } from '../../../vault-vfs/path-safety';
import { simulatePlan } from '../../../vault-vfs/shadow/shadow-vfs';
import type { VaultEntry } from '../../../vault-vfs/vault-port';
import { organizeScopePolicy } from '../plan-organize';

/** Agent operations name their rule with this prefix, so the plan note tells them from the user's. */
export const AGENT_RULE_PREFIX = 'agent: ';

export interface SessionScope {
  folder: string;
  configDir: string;
  allowOutside: boolean;
  planLimit: number;
  excludedFolders: readonly string[];
  undecided: readonly FileRecord[];
  entries: readonly VaultEntry[];
  /** What rules and heuristics already planned: the agent plans on top of it. */
  planned: readonly PlannedOperation[];
  similarity?: SimilaritySources;
  /** Whether the agent's rules may set tags and properties (thenAddTags, thenRemoveTags, thenSetProperties). */
  ruleEdits?: boolean;
}

export interface Refusal {
  rule: string | null;
  paths: string[];
  reason: string;
}

export interface SessionPlan {
  operations: PlannedOperation[];
  refused: Refusal[];
  /** Files no rule matched. */
  unmatched: FileRecord[];
  /** Files each rule claimed (refused ones included). */
  matchedBy: Map<string, number>;
  /** Files already where their rule puts them. */
  unchanged: number;
}

export type ApplyResult = { ok: true; plan: SessionPlan } | { ok: false; errors: string[]; plan?: SessionPlan };

export class RuleSession {
  private specs: RuleSpec[] = [];
  private compiled: CompiledRule[] = [];
  /** The vault as it will be after the already planned operations. */
  private readonly after: VaultEntry[];

  constructor(readonly scope: SessionScope) {
    this.after = simulatePlan(scope.entries, scope.planned, { configDir: scope.configDir, limit: Number.MAX_SAFE_INTEGER }).after;
  }

  get rules(): readonly RuleSpec[] {
    return this.specs;
  }

  /** Compiles and tries a new rule set; it replaces the current one only when it compiles and fits the limit. */
  async apply(specs: readonly RuleSpec[], mode: 'append' | 'replace'): Promise<ApplyResult> {
    const next = mode === 'append' ? [...this.specs, ...specs] : [...specs];
    const offset = mode === 'append' ? this.specs.length : 0;
    const checks = checkRules(next);
    // Numbered as the model wrote them in this call: "rule 1" is the first rule it just sent.
    const errors = checks.flatMap((c, i) => (c.ok ? [] : [c.problem.replace(/^rule \d+/u, `rule ${i - offset + 1}`)]));
    if (this.scope.ruleEdits !== true) {
      next.forEach((spec, i) => {
        const used = EDIT_KEYS.filter((k) => spec[k] !== undefined);
        if (used.length > 0) errors.push(`rule ${i - offset + 1} ("${spec.name}"): ${used.map((k) => `"${k}"`).join(', ')} is not enabled: the user has not let the organize agent set tags and properties; only move and rename`);
      });
    }
    if (errors.length > 0) return { ok: false, errors };
    const compiled = checks.flatMap((c) => (c.ok ? [c.rule] : []));
    const plan = await this.planFor(compiled);
    const room = this.scope.planLimit - this.scope.planned.length;
    if (plan.operations.length > room) {
      const reason = `these rules would add ${plan.operations.length} operations, but the plan may hold ${this.scope.planLimit} and ${this.scope.planned.length} are already planned; write narrower rules`;
      return { ok: false, errors: [`refused: ${reason}. No rule of this call was kept.`], plan: { ...plan, operations: [], refused: [{ rule: null, paths: [], reason }] } };
    }
    this.specs = next;
    this.compiled = compiled;
    return { ok: true, plan };
  }

  /** What the current rules would do. */
  plan(): Promise<SessionPlan> {
    return this.planFor(this.compiled);
  }

  private async planFor(rules: readonly CompiledRule[]): Promise<SessionPlan> {
    const s = this.scope;
    const records = s.undecided;
    if (rules.length === 0) return { operations: [], refused: [], unmatched: [...records], matchedBy: new Map(), unchanged: 0 };
    const ruled = await planRules(rules, records, { folder: s.folder, configDir: s.configDir, allowOutside: s.allowOutside, existing: this.after, ...(s.similarity ? { similarity: s.similarity } : {}) });
    const refused: Refusal[] = [];
    for (const c of ruled.conflicts) if (c.kind === 'refused') refused.push({ rule: c.rule, paths: c.paths, reason: c.detail });
    // Taken destinations: refused for the agent rather than given a numbered name.
    const collided = new Set<string>();
    for (const c of ruled.conflicts) {
      if (c.kind !== 'collision') continue;
      const [source, wanted] = c.paths;
      if (source === undefined) continue;
      collided.add(source);
      refused.push({ rule: c.rule, paths: [source], reason: `${wanted ?? 'the destination'} already exists or another file is planned to go there; the agent may not move over it` });
    }
    const moves = ruled.operations.filter((op) => op.type !== 'create_folder' && !(collided.has(opPaths(op)[0] ?? '')));
    const parents = new Set(moves.flatMap((op) => ('destination' in op ? [parentOf(op.destination).toLowerCase()] : [])));
    const folders = ruled.operations.filter((op) => op.type === 'create_folder' && [...parents].some((p) => p === op.path.toLowerCase() || p.startsWith(op.path.toLowerCase() + '/')));
    const proposed = [...folders, ...moves].map((op) => ({ ...op, rule: `${AGENT_RULE_PREFIX}${op.rule ?? ''}` }));

    const policy = organizeScopePolicy(s.configDir, { folder: s.folder, allowOutside: s.allowOutside, planLimit: Number.MAX_SAFE_INTEGER, excludedFolders: s.excludedFolders });
    const checked = filter(proposed.map(opProposal), policy);
    for (const r of checked.refused) refused.push({ rule: stripPrefix(r.proposal.op.rule), paths: opPaths(r.proposal.op), reason: r.reason });
    const sim = simulatePlan(this.after, checked.allowed.map((p) => p.op), { configDir: s.configDir, limit: Number.MAX_SAFE_INTEGER });
    const byId = new Map(checked.allowed.map((p) => [p.op.opId, p.op]));
    for (const c of sim.conflicts) refused.push({ rule: stripPrefix(byId.get(c.opId)?.rule), paths: c.paths, reason: `${c.kind}: ${c.detail}` });

    const matched = new Set(ruled.matches.map((m) => m.path));
    const matchedBy = new Map<string, number>();
    for (const m of ruled.matches) matchedBy.set(m.rule, (matchedBy.get(m.rule) ?? 0) + 1);
    return { operations: sim.applied, refused, unmatched: records.filter((r) => !matched.has(r.path)), matchedBy, unchanged: ruled.unchanged };
  }
}

function stripPrefix(rule: string | undefined): string | null {
  if (rule === undefined) return null;
  return rule.startsWith(AGENT_RULE_PREFIX) ? rule.slice(AGENT_RULE_PREFIX.length) : rule;
}
