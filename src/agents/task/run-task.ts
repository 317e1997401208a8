// The Task phase: the planning model answers through one channel, `propose_edits` (a native tool
// call, a text tool call from a local model, or a reply that is the answer's JSON document as a
// whole: answer-channel.ts). Edits go through the scope policy in code and land as pending blocks;
// refusals go back to the model while it has corrections left. Any other reply is a plain answer,
// shown as written; an empty one is no answer. A cut, malformed or stopped reply proposes nothing.

import * as v from 'valibot';
import type { EditCapability, ScopePolicy } from '../../edits/scope/scope-policy';
import type { VaultPort } from '../../vault-vfs/vault-port';
import type { ChatMessage } from '../llm/chat-types';
import type { LlmClient } from '../llm/llm-client';
import type { Usage } from '../llm/usage-cost';
import { runAgentLoop } from '../loop/agent-loop';
import { phaseEventForwarder, type RunTotals } from '../pipeline/phase-events';
import type { PipelineListener } from '../pipeline/pipeline-events';
import { defineTool } from '../tools/tool';
import { allowedPositions } from './allowed-positions';
import { AnswerChannelClient, ANSWER_TOOL } from './answer-channel';
import { AnswerNeedsCorrection, proposeAnswer, type TaskOutcome } from './propose-answer';

export interface TaskRunInput {
  client: LlmClient;
  vault: VaultPort;
  policy: ScopePolicy;
  messages: ChatMessage[];
  corrections: number;
  signal?: AbortSignal;
}

export interface TaskResult {
  outcome: TaskOutcome | null;
  /** The answer text when the model did not give a usable answer shape. */
  text: string;
  usage: Usage;
  costUsd: number;
  stopped: boolean;
  error: string | null;
}

/**
 * The schema of one edit, saying only what the capabilities allow, as the system prompt does: under
 * `--allow add` the model is not shown replace, delete or find/replace. (Loose: keys the model adds
 * anyway reach the scope policy, whose refusal says why.)
 */
function editSchemaFor(capabilities: ScopePolicy['capabilities']): v.LooseObjectSchema<v.ObjectEntries, undefined> {
  const allowed = allowedPositions(capabilities as ReadonlySet<EditCapability>);
  const positions = allowed.filter((r) => !r.position.startsWith('{')).map((r) => r.position.replace(' or ', ', '));
  const anchored = allowed.some((r) => r.position.startsWith('{'));
  const writes = capabilities.has('add') || capabilities.has('create');
  const entries: v.ObjectEntries = {
    file: v.pipe(v.string(), v.description('vault path of the note, e.g. "Projects/Solar.md"')),
    position: v.optional(v.pipe(v.string(), v.description(`where: ${positions.length > 0 ? positions.join(', ') : 'nothing is allowed; answer with an empty edits list'}`))),
    ...(writes ? { content: v.optional(v.pipe(v.string(), v.description(capabilities.has('delete') || capabilities.has('navigate') ? 'the text to write (not for delete and open)' : 'the text to write'))) } : {}),
    ...(anchored
      ? {
          find: v.optional(v.pipe(v.string(), v.description('anchored edit: exact text that occurs once in the note'))),
          replace: v.optional(v.pipe(v.string(), v.description('anchored edit: what replaces it'))),
        }
      : {}),
  };
  return v.looseObject(entries);
}

export async function runTask(input: TaskRunInput, emit: PipelineListener, totals: RunTotals): Promise<TaskResult> {
  let correctionsLeft = input.corrections;
  const base = { vault: input.vault, policy: input.policy };
  const propose = defineTool({
    name: ANSWER_TOOL,
    description: 'Gives your answer to the user (summary, Markdown) and the edits you propose; edits become pending blocks the user reviews. Use an empty edits list for a plain answer.',
    input: v.object({ summary: v.string(), edits: v.array(editSchemaFor(input.policy.capabilities)) }),
    terminal: true,
    async run(args) {
      if (input.signal?.aborted) throw new Error('stopped');
      const mayCorrect = correctionsLeft > 0;
      try {
        const outcome = await proposeAnswer(args, { ...base, mayCorrect, ...(input.signal ? { signal: input.signal } : {}) });
        return { content: `Proposed ${outcome.proposed.length} edits; ${outcome.refused.length} refused.`, data: outcome };
      } catch (e) {
        if (e instanceof AnswerNeedsCorrection) correctionsLeft--;
        throw e;
      }
    },
  });
  const result = await runAgentLoop({
    client: new AnswerChannelClient(input.client),
    tools: [propose],
    messages: input.messages,
    maxIterations: input.corrections + 2,
    finalAnswer: 'accept',
    ...(input.signal ? { signal: input.signal } : {}),
    onEvent: phaseEventForwarder('task', emit, totals),
  });
  const stopped = input.signal?.aborted === true || result.error?.kind === 'aborted';
  const common = { usage: result.usage, costUsd: result.costUsd, stopped };
  const terminal = result.terminal?.execution;
  if (terminal?.status === 'ok') return { ...common, outcome: terminal.data as TaskOutcome, text: '', error: null };
  if (stopped) return { ...common, outcome: null, text: result.finalText, error: null };
  if (result.error) return { ...common, outcome: null, text: result.finalText, error: result.error.message };
  // A reply with no text and no call (a local model that only thought, or ran out of context) is
  // no answer: said as such, never shown as an empty one.
  if (result.stop === 'final_answer' && result.finalText.trim() === '') return { ...common, outcome: null, text: '', error: 'the model replied with nothing: no answer and no edits' };
  if (result.stop === 'final_answer') return { ...common, outcome: { summary: result.finalText, proposed: [], refused: [], opened: [] }, text: '', error: null };
  return { ...common, outcome: null, text: result.finalText, error: `the Task agent gave no answer in ${result.iterations} turns` };
}
