// The organize agent. When the heuristics ran, it is asked about what they could not decide only
// (ambiguous files and subfolders at any depth, in batches, then a conflict pass: see
// place-ambiguous.ts). Otherwise it is an agent loop over the four organize tools for the files
// rules left undecided. Its answer is the operations its committed rules produce, already through the
// scope policy and the shadow VFS (and planOrganize checks them again with everything else).
// Cancelling throws, so nothing gets written; a run that ends without committing plans nothing.
import type { SimilaritySources } from '../../../dsl/similarity';
import { ContentKeywordSimilarity } from '../../../dsl/content-similarity';
import { opPaths } from '../../../vault-vfs/operations';
import { DEFAULT_PLAN_LIMIT } from '../../../vault-vfs/shadow/shadow-vfs';
import type { LlmClient } from '../../llm/llm-client';
import type { AgentEvent } from '../../loop/agent-events';
import { runAgentLoop } from '../../loop/agent-loop';
import type { AgentRequest, OrganizeAgent } from '../plan-organize';
import { OrganizeCancelledError } from './organize-cancelled';
import { openingMessages } from './organize-prompt';
import { placeAmbiguous } from './place-ambiguous';
import { type CommittedPlan, organizeTools } from './organize-tools';
import { RuleSession } from './rule-session';
import { type OrganizeSearch, recordKeywordSearch } from './undecided-search';

export interface OrganizeAgentOptions {
  client: LlmClient;
  /** Model calls at most; default 12. */
  maxIterations?: number;
  signal?: AbortSignal;
  onEvent?: (event: AgentEvent) => void;
  /** The index behind `query_semantic_index`; default: keyword matching over the undecided files. */
  search?: OrganizeSearch;
  /** Scores for `vector_similarity` in the agent's rules; default: keyword matching. */
  similarity?: SimilaritySources;
}

export function createOrganizeAgent(opts: OrganizeAgentOptions): OrganizeAgent {
  return async (request: AgentRequest) => {
    const signal = opts.signal ?? request.signal;
    if (signal?.aborted) throw new OrganizeCancelledError();
    // planOrganize always passes the vault's config folder; without it nothing could be checked.
    if (request.configDir === undefined) throw new Error('the organize agent needs the vault\'s config folder (AgentRequest.configDir)');
    if (request.items !== undefined) return placeAmbiguous(request, { client: opts.client, ...(signal ? { signal } : {}) });
    const session = new RuleSession({
      folder: request.folder,
      configDir: request.configDir,
      allowOutside: request.allowOutside ?? false,
      planLimit: request.planLimit ?? DEFAULT_PLAN_LIMIT,
      excludedFolders: request.excludedFolders ?? [],
      undecided: request.undecided,
      entries: request.entries,
      planned: request.planned,
      similarity: opts.similarity ?? { keyword: new ContentKeywordSimilarity(request.undecided) },
      ruleEdits: request.ruleEdits === true,
    });
    const result = await runAgentLoop({
      client: opts.client,
      tools: organizeTools(session, opts.search ?? recordKeywordSearch(request.undecided)),
      messages: openingMessages(request.folder, request.undecided, request.allowOutside ?? false, request.ruleEdits === true),
      maxIterations: opts.maxIterations ?? 12,
      finalAnswer: 'require_terminal_tool',
      ...(signal ? { signal } : {}),
      ...(opts.onEvent ? { onEvent: opts.onEvent } : {}),
    });
    if (signal?.aborted || result.error?.kind === 'aborted') throw new OrganizeCancelledError();
    if (result.error) throw new Error(`the organize agent failed: ${result.error.message}`);
    const committed = result.terminal?.execution?.status === 'ok' ? (result.terminal.execution.data as CommittedPlan) : undefined;
    if (!committed) return { operations: [], notes: [`the organize agent stopped after ${result.iterations} turns without committing a plan`] };
    const moved = new Set(committed.plan.operations.filter((op) => op.type !== 'create_folder').map((op) => opPaths(op)[0])).size;
    const names = committed.rules.map((r) => `"${r.name}"`).join(', ');
    return {
      operations: committed.plan.operations,
      notes: [`the organize agent placed ${moved} files with ${committed.rules.length} rule${committed.rules.length === 1 ? '' : 's'}${names ? ` (${names})` : ''}: ${committed.description.trim()}`],
    };
  };
}
