// The organize agent's four tools, named and shaped as in the system Reeve grew out of. The
// model writes rules, not per-file moves; every answer it gets is a summary (see session-report).
import * as v from 'valibot';
import type { RuleSpec } from '../../../dsl/rules';
import { extOf } from '../../../vault-vfs/path-safety';
import { defineTool, type Tool } from '../../tools/tool';
import { LIMITS } from '../../tools/argument-limits';
import type { RuleSession, SessionPlan } from './rule-session';
import { BATCH_SIZE, groupedOperations, refusalLines, ruleMatchLines } from './session-report';
import type { OrganizeSearch } from './undecided-search';

/** What `commit_plan` hands back to the program. */
export interface CommittedPlan {
  description: string;
  plan: SessionPlan;
  rules: readonly RuleSpec[];
}

const ruleFields = {
  name: v.pipe(v.string(), v.maxLength(LIMITS.tag), v.description('short name saying what the rule does; shown to the user')),
  if: v.pipe(v.string(), v.maxLength(LIMITS.reasoning), v.description('a condition in the rule language, e.g. file.ext == "pdf" AND file.name MATCHES "^invoice"')),
  thenMoveTo: v.optional(v.pipe(v.string(), v.maxLength(LIMITS.path), v.description('destination folder, relative to the folder being organized; may use {year} {month} {fm.KEY}'))),
  thenRenameTo: v.optional(v.pipe(v.string(), v.maxLength(LIMITS.path), v.description('new name pattern, e.g. "{date} {name}"'))),
  priority: v.optional(v.pipe(v.number(), v.description('higher runs first; the first matching rule claims a file'))),
};

/** The edit actions, offered only when the user enabled them for the agent. */
const editFields = {
  thenAddTags: v.optional(v.pipe(v.array(v.string()), v.description('tags to add to matching notes (notes only), without #; may use placeholders, e.g. ["meeting", "project/{fm.project}"]'))),
  thenRemoveTags: v.optional(v.pipe(v.array(v.string()), v.description('tags to remove from matching notes'))),
  thenSetProperties: v.optional(
    v.pipe(v.record(v.string(), v.nullable(v.union([v.string(), v.number(), v.boolean()]))), v.description('properties to set on matching notes, e.g. {"status": "processed"}; null removes one')),
  ),
};

const ruleSchema = v.looseObject(ruleFields);
const editingRuleSchema = v.looseObject({ ...ruleFields, ...editFields });

export function organizeTools(session: RuleSession, search: OrganizeSearch): Tool[] {
  const schema = session.scope.ruleEdits === true ? editingRuleSchema : ruleSchema;
  const total = session.scope.undecided.length;
  const undecided = new Set(session.scope.undecided.map((r) => r.path));
  // Files no rule matched are shown 50 at a time; each preview with include_unchanged shows the next batch.
  let batch = 0;

  const query = defineTool({
    name: 'query_semantic_index',
    description: 'Finds undecided files about a topic (by meaning when embeddings are configured, else by keywords). Use it to see what a group of files is, before writing a rule.',
    input: v.object({
      query: v.pipe(v.string(), v.minLength(1), v.maxLength(LIMITS.query)),
      filter_ext: v.optional(v.pipe(v.string(), v.description('only files with this extension, e.g. "md" or "pdf"'))),
      max_results: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(BATCH_SIZE))),
      min_similarity: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
    }),
    async run({ query: text, filter_ext, max_results, min_similarity }) {
      const ext = filter_ext?.replace(/^\./u, '').toLowerCase();
      const limit = max_results ?? 20;
      const hits = (await search.search(text, Math.max(limit * 4, 100)))
        .filter((h) => undecided.has(h.path) && (ext === undefined || extOf(h.path) === ext) && h.score >= (min_similarity ?? 0))
        .slice(0, limit);
      const lines = [`index: ${search.kind} (${search.label})`, `${hits.length} undecided file${hits.length === 1 ? '' : 's'} match "${text}":`];
      for (const h of hits) lines.push(`- ${h.path} (${h.score.toFixed(2)})`);
      return lines.join('\n');
    },
  });

  const apply = defineTool({
    name: 'apply_organization_rules',
    description: 'Sets the rules that organize the undecided files. "append" adds to the current rules, "replace" starts over. Rules that do not compile are returned with the position of the error; nothing of a failed call is kept.',
    input: v.object({
      rules: v.pipe(v.array(schema), v.maxLength(BATCH_SIZE)),
      mode: v.picklist(['append', 'replace']),
    }),
    async run({ rules, mode }) {
      const result = await session.apply(rules, mode);
      if (!result.ok) throw new Error(['the rules were not applied:', ...result.errors.map((e) => `- ${e}`), `Current rules: ${ruleNames(session)}.`].join('\n'));
      const lines = [`Rules now: ${ruleNames(session)}.`, ...ruleMatchLines(result.plan, total), `${result.plan.operations.length} operations would be planned.`, ...refusalLines(result.plan.refused)];
      return lines.join('\n');
    },
  });

  const preview = defineTool({
    name: 'preview_operations',
    description: 'Shows what the current rules would do after the scope policy and the simulation: operations grouped, refused operations and conflicts with only the items concerned, and (include_unchanged) the next batch of files no rule matched.',
    input: v.object({
      group_by: v.picklist(['operation_type', 'destination_folder']),
      include_unchanged: v.optional(v.boolean()),
    }),
    async run({ group_by, include_unchanged }) {
      const plan = await session.plan();
      const lines = [...groupedOperations(plan.operations, group_by), ...refusalLines(plan.refused), ...ruleMatchLines(plan, total)];
      if (include_unchanged === true && plan.unmatched.length > 0) {
        const batches = Math.ceil(plan.unmatched.length / BATCH_SIZE);
        const at = batch % batches;
        batch++;
        lines.push(`Files no rule matched, batch ${at + 1} of ${batches}:`, ...plan.unmatched.slice(at * BATCH_SIZE, (at + 1) * BATCH_SIZE).map((r) => `- ${r.path}`));
      }
      return lines.join('\n');
    },
  });

  const commit = defineTool({
    name: 'commit_plan',
    description: 'Ends the work: the current rules become part of the plan the user reviews. Files no rule matched stay where they are.',
    terminal: true,
    input: v.object({
      description: v.pipe(v.string(), v.maxLength(LIMITS.reasoning), v.description('one or two sentences for the user: what the rules do')),
      confirm: v.pipe(v.boolean(), v.description('true to commit')),
    }),
    async run({ description, confirm }) {
      if (!confirm) throw new Error('confirm is false, so nothing was committed; call commit_plan with confirm: true when the preview looks right');
      const plan = await session.plan();
      const data: CommittedPlan = { description, plan, rules: session.rules };
      return { content: `Committed ${plan.operations.length} operations from ${session.rules.length} rules.`, data };
    },
  });

  return [query, apply, preview, commit];
}

function ruleNames(session: RuleSession): string {
  return session.rules.length === 0 ? '(none)' : session.rules.map((r) => `"${r.name}"`).join(', ');
}
