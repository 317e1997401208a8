// `pending_status {ids?}`: what became of proposals (pending, accepted, rejected; refused ones with
// their reasons), so an agent can wait for the user and go on. Without ids: this client's own
// proposals, as the ledger records their proposer. A proposal in a walled note is unknown, as an
// id that was never proposed.
import { ProposalLedger, type RecordedProposal } from '../../edits/pending/ledger/proposal-ledger';
import { onlyKnown, stringListArg } from '../mcp-args';
import { plainResult, type McpTool } from '../mcp-tool';
import { proposalStatuses } from '../proposal-status';
import { linesWithin, type ToolEnv } from '../tool-env';

/** Proposals one answer covers at most (the newest). */
const MAX_SHOWN = 200;

export function pendingStatusTool(env: ToolEnv): McpTool {
  return {
    definition: {
      name: 'pending_status',
      title: 'Status of proposals',
      description:
        'Tells what became of proposals: pending (waiting for the user), accepted or rejected by the user, or refused when proposed (with the reason). Without ids: this client\'s own proposals, newest last. Poll it to wait for the user.',
      inputSchema: {
        type: 'object',
        properties: { ids: { type: 'array', items: { type: 'string', maxLength: 100 }, maxItems: MAX_SHOWN, description: 'proposal ids (from propose_edits or propose_organize); default: all of this client\'s' } },
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async run(args, context) {
      onlyKnown(args, ['ids']);
      const ids = stringListArg(args, 'ids', MAX_SHOWN, 100);
      const recorded = (await new ProposalLedger(env.view.state, env.view.configDir).recorded()).filter((r) => !env.hidden(r.note) || r.kind === 'op');
      const byId = new Map<string, RecordedProposal>();
      for (const r of recorded) byId.set(r.id, r);
      const mine = recorded.filter((r) => r.by === context.clientName);
      const wanted = ids !== undefined ? ids.map((id) => ({ id, record: byId.get(id) ?? null })) : mine.slice(-MAX_SHOWN).map((r) => ({ id: r.id, record: r }));
      const statuses = await proposalStatuses(env.view, env.deps.vault, wanted);
      const refused = ids === undefined ? env.clients.of(context.clientName).refused.slice(-50) : [];
      const lines = [
        ...statuses.map((s) => `- ${s.id}${s.path === null ? '' : ` (${s.kind ?? ''} in ${s.path})`}: ${s.state}${s.detail === undefined ? '' : `: ${s.detail}`}`),
        ...refused.map((r) => `- refused${r.path === undefined ? '' : ` (${r.path})`}: ${r.reason}`),
      ];
      const shown = linesWithin(lines);
      const older = ids === undefined ? Math.max(0, mine.length - MAX_SHOWN) : 0;
      const head = lines.length === 0 ? 'This client has proposed nothing in this vault yet.' : `${ids === undefined ? 'This client\'s proposals' : 'Proposals'}:`;
      const text = [head, ...lines.slice(0, shown), ...(shown < lines.length ? [`(${lines.length - shown} more not shown; ask for ids)`] : []), ...(older > 0 ? [`(${older} older proposals not shown)`] : [])].join('\n');
      return plainResult(text, { proposals: statuses, refused: refused.map((r) => ({ ...(r.path === undefined ? {} : { path: r.path }), reason: r.reason, state: 'refused' })) });
    },
  };
}
