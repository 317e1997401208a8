// The agent loop: ask the model, run the tool calls it makes (validated), give it the results,
// and repeat, until a terminal tool succeeds, the model answers without calling a tool, or the
// iteration limit is reached. Errors end the run with the error in the result, never half-applied:
// tools only run from complete replies.

import type { ChatMessage, LlmReply } from '../llm/chat-types';
import type { LlmClient } from '../llm/llm-client';
import { LlmError } from '../llm/llm-error';
import { addUsage, costUsd, ZERO_USAGE, type Usage } from '../llm/usage-cost';
import type { Tool } from '../tools/tool';
import type { AgentEvent, StopReason } from './agent-events';
import { compactInitialContext, estimateTokens, fitContext } from './context-budget';
import { callModel } from './call-model';
import { boundExchange, callsPerTurn, type RestHint } from './exchange-budget';
import { runToolCalls, toolResultMessage, type ToolCallOutcome } from './run-tool-calls';

/** Tokens kept free beside the opening and the latest exchange: the note on left-out messages, a reminder, a retry's note. */
const NOTES_RESERVE = 128;

export interface AgentLoopOptions {
  client: LlmClient;
  tools: readonly Tool[];
  /** The opening: system prompt and the task (a user message may carry a `summary` for later turns). */
  messages: readonly ChatMessage[];
  maxIterations?: number;
  /** Messages kept after the opening when the conversation grows. */
  keepLastMessages?: number;
  /** `require_terminal_tool`: a reply without a tool call is answered with a reminder instead of ending the run. */
  finalAnswer?: 'accept' | 'require_terminal_tool';
  /** How often a turn is asked again after a cut or truncated reply. */
  maxTurnRetries?: number;
  maxTokens?: number;
  jsonMode?: boolean;
  signal?: AbortSignal;
  onEvent?: (event: AgentEvent) => void;
}

export interface AgentRunResult {
  stop: StopReason;
  /** The last reply's text. */
  finalText: string;
  /** The terminal call that ended the run, with its validated arguments and output. */
  terminal?: ToolCallOutcome;
  error?: LlmError;
  iterations: number;
  usage: Usage;
  costUsd: number;
  /** The whole conversation, uncompacted (each exchange as it was sent: bounded to the window). */
  messages: ChatMessage[];
}

export async function runAgentLoop(options: AgentLoopOptions): Promise<AgentRunResult> {
  const { client, signal } = options;
  const emit = options.onEvent ?? (() => undefined);
  const tools = toolMap(options.tools);
  const specs = options.tools.map((t) => t.spec);
  const maxIterations = options.maxIterations ?? 10;
  const maxTokens = options.maxTokens ?? client.profile.maxOutputTokens;
  const budget = {
    keepLastMessages: options.keepLastMessages ?? 24,
    maxInputTokens: Math.max(1, client.profile.contextWindow - maxTokens - estimateTokens([], specs)),
  };
  const history: ChatMessage[] = [...options.messages];
  // The room the latest exchange has: what the opening (as later turns send it) leaves.
  const room = Math.max(256, budget.maxInputTokens - estimateTokens(compactInitialContext(options.messages).messages) - NOTES_RESERVE);
  let usage: Usage = { ...ZERO_USAGE };
  let finalText = '';
  let iteration = 0;

  const finish = (stop: StopReason, extra: { terminal?: ToolCallOutcome; error?: LlmError } = {}): AgentRunResult => {
    const runCostUsd = costUsd(usage, client.profile.prices);
    if (extra.error) emit({ type: 'error', iteration, error: { kind: extra.error.kind, message: extra.error.message } });
    emit({ type: 'finished', stop, iterations: iteration, runUsage: usage, runCostUsd });
    return { stop, finalText, ...extra, iterations: iteration, usage, costUsd: runCostUsd, messages: history };
  };

  while (iteration < maxIterations) {
    iteration++;
    if (signal?.aborted) return finish('error', { error: new LlmError('aborted', 'The run was cancelled.') });
    emit({ type: 'iteration_started', iteration });
    // After the first turn the model has seen the large initial context; later turns get its summary.
    const compacted = iteration > 1 ? compactInitialContext(history) : { messages: history, replaced: 0, savedTokens: 0 };
    if (iteration === 2 && compacted.replaced > 0) emit({ type: 'context_compacted', iteration, replaced: compacted.replaced, savedTokens: compacted.savedTokens });
    const fitted = fitContext(compacted.messages, budget, options.messages.length);
    if (fitted.omitted > 0) emit({ type: 'context_trimmed', iteration, omittedMessages: fitted.omitted });

    const outcome = await callModel({
      client,
      messages: fitted.messages,
      tools: specs,
      maxTokens,
      jsonMode: options.jsonMode ?? false,
      maxTurnRetries: options.maxTurnRetries ?? 1,
      signal,
      iteration,
      emit,
    });
    usage = addUsage(usage, outcome.usage);
    emit({ type: 'usage', iteration, usage: outcome.usage, costUsd: costUsd(outcome.usage, client.profile.prices), runUsage: usage, runCostUsd: costUsd(usage, client.profile.prices) });
    if ('error' in outcome) return finish('error', { error: outcome.error });
    const reply: LlmReply = outcome.reply;
    finalText = reply.text;
    // Calls past what one turn may make are not run (and not sent back); the last result says so.
    const calls = reply.toolCalls.slice(0, callsPerTurn(room));
    const assistant: ChatMessage = {
      role: 'assistant',
      content: reply.text,
      ...(calls.length > 0 ? { toolCalls: calls } : {}),
      ...(reply.reasoning ? { reasoning: reply.reasoning } : {}),
    };

    if (calls.length === 0) {
      if ((options.finalAnswer ?? 'accept') === 'accept') {
        history.push(assistant);
        return finish('final_answer');
      }
      history.push(boundExchange({ assistant, results: [] }, room, () => '').assistant);
      const reminder: ChatMessage = { role: 'user', content: `Finish by calling one of these tools: ${options.tools.filter((t) => t.terminal).map((t) => t.name).join(', ')}.` };
      history.push(reminder);
      continue;
    }
    const outcomes = await runToolCalls(calls, tools, signal, (o) =>
      emit({ type: 'tool_result', iteration, call: o.call, status: o.status, content: o.content, ...(o.execution?.status === 'ok' && o.execution.data !== undefined ? { data: o.execution.data } : {}) }),
    );
    for (const call of reply.toolCalls.slice(calls.length)) emit({ type: 'tool_result', iteration, call, status: 'skipped', content: 'Not run: more calls than fit in one turn.' });
    const bounded = boundExchange({ assistant, results: outcomes.map(toolResultMessage) }, room, restHint(outcomes, tools), reply.toolCalls.length - calls.length, outcomes.map((o) => o.status === 'invalid' || o.status === 'unknown_tool'));
    history.push(bounded.assistant, ...bounded.results);
    const terminal = outcomes.find((o) => o.terminal);
    if (terminal) return finish('terminal_tool', { terminal });
  }
  return finish('max_iterations');
}

/** How to get the rest of each cut result: the tool's own way for a call that ran, else to call it again. */
function restHint(outcomes: readonly ToolCallOutcome[], tools: ReadonlyMap<string, Tool>): RestHint {
  return (i, shown, whole) => {
    const o = outcomes[i];
    const tool = o === undefined ? undefined : tools.get(o.call.name);
    if (o?.execution?.status === 'ok' && tool) return tool.rest(o.execution.args, shown, whole);
    return 'Fewer calls in one turn leave more room for each result.';
  };
}

function toolMap(tools: readonly Tool[]): Map<string, Tool> {
  const map = new Map<string, Tool>();
  for (const t of tools) {
    if (map.has(t.name)) throw new LlmError('config', `Two tools are named "${t.name}".`);
    map.set(t.name, t);
  }
  return map;
}
