// `propose_organize {folder, sources?}`: the organize plan of a folder from the user's rules and the
// heuristics (no model: an outside agent plans without Reeve's provider), written as a plan note
// of `ai-op` blocks the user accepts or rejects, through organize's own path (organizeFolder: the
// scope policy, the shadow VFS, the ledger). Nothing moves until the user accepts.
import { organizeFolder } from '../../agents/organize/organize-run';
import type { PlanSource } from '../../agents/organize/plan-organize';
import { hasPath, isNoteEdit } from '../../vault-vfs/operations';
import { MAX_PATH_CHARS, onlyKnown, stringArg, stringListArg } from '../mcp-args';
import { errorResult, McpToolRefusal, vaultResult, type McpTool } from '../mcp-tool';
import { resolveFolder } from '../mcp-walls';
import { linesWithin, type ToolEnv } from '../tool-env';

const SOURCES = ['rules', 'heuristics'] as const;

export function proposeOrganizeTool(env: ToolEnv): McpTool {
  return {
    definition: {
      name: 'propose_organize',
      title: 'Propose an organization of a folder',
      description:
        'Plans moves, renames and tag edits for a folder from the user\'s organize rules and Reeve\'s heuristics, and writes the plan as a note of pending operations the user accepts or rejects. Nothing moves until they do. Returns the proposed operations (ids) and what was left out, with why.',
      inputSchema: {
        type: 'object',
        properties: {
          folder: { type: 'string', description: 'the folder to organize ("" for the whole vault)', maxLength: MAX_PATH_CHARS },
          sources: { type: 'array', items: { type: 'string', enum: [...SOURCES] }, maxItems: 2, description: 'which planners run (default: rules when the user has rules, and heuristics)' },
        },
        required: ['folder'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async run(args, context) {
      onlyKnown(args, ['folder', 'sources']);
      const folder = await resolveFolder(env.view, env.hidden, stringArg(args, 'folder', MAX_PATH_CHARS, true));
      const asked = stringListArg(args, 'sources', 2, 20);
      const bad = asked?.find((s) => !(SOURCES as readonly string[]).includes(s));
      if (bad !== undefined) throw new McpToolRefusal(`unknown source ${JSON.stringify(bad)} in "sources"; use rules, heuristics (this server plans without a model)`);
      const o = typeof env.deps.organize === 'function' ? await env.deps.organize() : env.deps.organize;
      const rules = o.rules ?? [];
      const sources = new Set<PlanSource>((asked as PlanSource[] | undefined) ?? [...(rules.length > 0 ? ['rules' as const] : []), 'heuristics']);
      if (sources.size === 0) throw new McpToolRefusal('"sources" is empty; use rules, heuristics or both');
      const blocked = (await env.deps.proposalProblem?.()) ?? null;
      if (blocked !== null) return errorResult(`nothing was proposed: ${blocked}`);
      const outcome = await organizeFolder(env.view, {
        folder,
        rules,
        sources,
        allowOutside: o.allowOutside ?? false,
        allowTrash: o.allowTrash ?? false,
        ...(o.scoring ? { scoring: o.scoring } : {}),
        ...(o.owner ? { owner: o.owner } : {}),
        ...(o.attachmentFolder !== undefined ? { attachmentFolder: o.attachmentFolder } : {}),
        excludedFolders: env.deps.walls,
        planFolder: o.planFolder,
        planId: env.deps.newPlanId(),
        signal: context.signal,
        proposer: context.clientName,
        ...(env.deps.now ? { now: env.deps.now() } : {}),
      });
      const plan = outcome.plan;
      const proposed = plan.operations.map((op) => ({ id: op.opId, type: op.type, path: hasPath(op) ? op.path : op.source, ...(hasPath(op) ? {} : { destination: op.destination }), ...(isNoteEdit(op) ? { before: op.before, after: op.after } : {}) }));
      const refused = plan.conflicts.map((c) => ({ ...(c.paths[0] !== undefined ? { path: c.paths[0] } : {}), reason: `${c.kind}: ${c.detail}` }));
      env.clients.of(context.clientName).refusedNow(refused);
      if (outcome.note !== null && proposed.length > 0) env.deps.onProposed?.({ clientName: context.clientName, tool: 'propose_organize', proposed: proposed.map(({ id, path }) => ({ id, path })), planNote: outcome.note });
      const lines = proposed.map((p) => `- ${p.id}: ${p.type} ${p.path}${p.destination === undefined ? '' : ` -> ${p.destination}`}`);
      const shown = linesWithin(lines, 15_000);
      const head = outcome.note === null ? `${plan.description} Nothing was written.` : `${plan.description} The plan is the note ${outcome.note}; the user accepts or rejects each operation there (pending_status tells which).`;
      const text = [head, ...lines.slice(0, shown), ...(shown < lines.length ? [`(${lines.length - shown} more operations in the plan note)`] : []), ...refused.slice(0, 50).map((r) => `left out: ${r.reason}`)].join('\n');
      return vaultResult(text, { planNote: outcome.note, proposed: proposed.slice(0, 2_000), refused: refused.slice(0, 500), unchanged: plan.unchanged });
    },
  };
}
