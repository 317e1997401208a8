// `propose_edits {summary, edits}`: the Task agent's answer shape, through the Task agent's own
// path (proposeAnswer: parse, resolve against each note, the scope policy, the ledger, pending
// blocks written with a stale-refusing process). Nothing is written but pending blocks the user
// accepts or rejects. The vault it sees is the walled view: a walled note is as missing as a note
// that is not there. With the context scope, the notes this client read are its context.
import { AnswerNeedsCorrection, proposeAnswer } from '../../agents/task/propose-answer';
import { buildScopePolicy, type ScopePolicy } from '../../edits/scope/scope-policy';
import { onlyKnown, stringArg } from '../mcp-args';
import { errorResult, McpToolRefusal, plainResult, type McpTool } from '../mcp-tool';
import { linesWithin, type ToolEnv } from '../tool-env';

const MAX_EDITS = 100;
/** Characters of one refusal's reason at most. */
const REASON_CHARS = 600;

const clip = (text: string): string => (text.length > REASON_CHARS ? `${text.slice(0, REASON_CHARS)}…` : text);
/** Characters of all edits together (a whole long note rewritten fits). */
const MAX_EDIT_CHARS = 1_000_000;

const EDIT_SCHEMA = {
  type: 'object',
  properties: {
    file: { type: 'string', description: 'the note\'s vault path, e.g. "Projects/Solar.md"' },
    position: {
      type: 'string',
      description: 'start, end, after:<heading line>, insert:N, replace:N or replace:N-M, delete:N or delete:N-M, create (a new note), open (ask to show it); line numbers as read_note shows them',
    },
    content: { type: 'string', description: 'the text to write (not for delete and open)' },
    find: { type: 'string', description: 'anchored edit: exact text that occurs once in the note (instead of position)' },
    replace: { type: 'string', description: 'anchored edit: what replaces it' },
  },
  required: ['file'],
} as const;

function policyFor(env: ToolEnv, clientName: string): ScopePolicy {
  const { deps } = env;
  const read = [...env.clients.of(clientName).read];
  const policy = buildScopePolicy({
    configDir: deps.vault.configDir,
    scope: deps.task.scope,
    capabilities: deps.task.capabilities,
    excludedFolders: deps.walls,
    currentNote: deps.currentNote?.() ?? null,
    contextNotes: read,
    resolvedLinks: env.view.resolvedLinks(),
  });
  // The context of an outside agent is what it read here: the refusal says how to widen it.
  return deps.task.scope === 'context' ? { ...policy, scopeText: `the ${read.length} notes this client has read with read_note (read a note first to propose edits to it)` } : policy;
}

export function proposeEditsTool(env: ToolEnv): McpTool {
  return {
    definition: {
      name: 'propose_edits',
      title: 'Propose edits',
      description:
        'Proposes edits to notes. Nothing is changed: each edit becomes a pending block in its note that the user accepts or rejects (pending_status tells what they decided). Give line numbers as read_note shows them, or anchored {file, find, replace}. The result lists what was proposed (ids) and what was refused, with the reason to fix.',
      inputSchema: {
        type: 'object',
        properties: {
          summary: { type: 'string', description: 'what the edits do and why, for the user', maxLength: 10_000 },
          edits: { type: 'array', items: EDIT_SCHEMA, maxItems: MAX_EDITS },
        },
        required: ['summary', 'edits'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async run(args, context) {
      onlyKnown(args, ['summary', 'edits']);
      const summary = stringArg(args, 'summary', 10_000, true);
      const edits = args.edits;
      if (!Array.isArray(edits)) throw new McpToolRefusal('"edits" must be a list of edits {file, position, content} or {file, find, replace}');
      if (edits.length > MAX_EDITS) throw new McpToolRefusal(`"edits" has ${edits.length} edits; at most ${MAX_EDITS} are accepted in one call`);
      if (JSON.stringify(edits).length > MAX_EDIT_CHARS) throw new McpToolRefusal(`"edits" is larger than ${MAX_EDIT_CHARS} characters; propose fewer or smaller edits per call`);
      const blocked = (await env.deps.proposalProblem?.()) ?? null;
      if (blocked !== null) return errorResult(`nothing was proposed: ${blocked}`);
      const state = env.clients.of(context.clientName);
      let outcome;
      try {
        outcome = await proposeAnswer({ summary, edits }, { vault: env.view, policy: policyFor(env, context.clientName), mayCorrect: false, signal: context.signal, proposer: context.clientName });
      } catch (e) {
        if (e instanceof AnswerNeedsCorrection) return errorResult(e.message);
        throw e;
      }
      const proposed = outcome.proposed.map((p) => ({ id: p.id, path: p.note, type: p.type }));
      // A reason may quote what the client sent (a `find` of any length): each is cut to a readable size.
      const refused = outcome.refused.map((r) => ({ ...(r.file === '' ? {} : { path: r.file.slice(0, 300) }), reason: clip(r.reason) }));
      state.refusedNow(refused);
      if (proposed.length > 0) env.deps.onProposed?.({ clientName: context.clientName, tool: 'propose_edits', proposed: proposed.map(({ id, path }) => ({ id, path })) });
      const lines = [
        proposed.length === 0 ? 'Nothing was proposed.' : `Proposed ${proposed.length} edit${proposed.length === 1 ? '' : 's'} as pending blocks; the user accepts or rejects each (pending_status tells which):`,
        ...proposed.map((p) => `- ${p.id}: ${p.type} in ${p.path}`),
        ...(refused.length > 0 ? [`Refused ${refused.length}:`, ...refused.map((r) => `- ${r.path ?? '(answer)'}: ${r.reason}`)] : []),
        ...(outcome.opened.length > 0 ? [`To show the user: ${outcome.opened.join(', ')}`] : []),
      ];
      const shown = linesWithin(lines);
      const text = [...lines.slice(0, shown), ...(shown < lines.length ? [`(${lines.length - shown} more lines in structuredContent)`] : [])].join('\n');
      const result = plainResult(text, { proposed, refused, ...(outcome.opened.length > 0 ? { opened: outcome.opened } : {}) });
      return proposed.length === 0 && refused.length > 0 ? { ...result, isError: true } : result;
    },
  };
}
