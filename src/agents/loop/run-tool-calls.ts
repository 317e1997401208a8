// Executes one reply's tool calls in order, through validation. A call to an unknown tool or with
// invalid arguments is answered with an explanation instead of being run. After a terminal tool
// succeeds the remaining calls are skipped: the run is over.

import type { ToolCall, ToolResultMessage } from '../llm/chat-types';
import type { Tool, ToolExecution } from '../tools/tool';
import type { ToolResultStatus } from './agent-events';

export interface ToolCallOutcome {
  call: ToolCall;
  status: ToolResultStatus;
  content: string;
  execution?: ToolExecution;
  terminal: boolean;
}

export async function runToolCalls(
  calls: readonly ToolCall[],
  tools: ReadonlyMap<string, Tool>,
  signal: AbortSignal | undefined,
  onOutcome: (outcome: ToolCallOutcome) => void,
): Promise<ToolCallOutcome[]> {
  const outcomes: ToolCallOutcome[] = [];
  let ended = false;
  for (const call of calls) {
    const outcome = ended ? skipped(call) : await runOne(call, tools, signal);
    if (outcome.terminal) ended = true;
    outcomes.push(outcome);
    onOutcome(outcome);
  }
  return outcomes;
}

async function runOne(call: ToolCall, tools: ReadonlyMap<string, Tool>, signal: AbortSignal | undefined): Promise<ToolCallOutcome> {
  if (call.name === '') {
    const content = `A tool call could not be read: it must be one JSON object {"name": "<tool name>", "arguments": {...}}. It was not executed. The text was:\n${call.arguments.slice(0, 500)}`;
    return { call, status: 'invalid', content, terminal: false };
  }
  const tool = tools.get(call.name);
  if (!tool) {
    const name = call.name.length > 64 ? `${call.name.slice(0, 64)}…` : call.name;
    const content = `There is no tool "${name}"; the call was not executed. Available tools: ${[...tools.keys()].join(', ')}.`;
    return { call, status: 'unknown_tool', content, terminal: false };
  }
  const execution = await tool.execute(call.arguments, { callId: call.id, ...(signal ? { signal } : {}) });
  return { call, status: execution.status, content: execution.content, execution, terminal: execution.status === 'ok' && (tool.terminal || execution.endsRun === true) };
}

function skipped(call: ToolCall): ToolCallOutcome {
  return { call, status: 'skipped', content: 'Not executed: the run ended with the previous call.', terminal: false };
}

export function toolResultMessage(outcome: ToolCallOutcome): ToolResultMessage {
  return {
    role: 'tool',
    toolCallId: outcome.call.id,
    name: outcome.call.name,
    content: outcome.content,
    ...(outcome.status === 'ok' ? {} : { isError: true }),
  };
}
