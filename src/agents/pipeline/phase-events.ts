// Turns one agent loop's events into the pipeline's, tagged with the phase: streamed text and
// reasoning, each tool call in words and its result summarised, retries, usage with running totals.
// The Task's answer through a native `propose_edits` call streams too: its summary, as far as the
// arguments have arrived, is the Task's text (partial-summary.ts).

import type { AgentEvent } from '../loop/agent-events';
import { addUsage, ZERO_USAGE, type Usage } from '../llm/usage-cost';
import type { PhaseName, PipelineListener } from './pipeline-events';
import { partialSummary } from './partial-summary';
import { describeToolCall } from './tool-words';

export interface RunTotals {
  usage: Usage;
  costUsd: number;
}

export function newTotals(): RunTotals {
  return { usage: { ...ZERO_USAGE }, costUsd: 0 };
}

function resultSummary(status: string, data: unknown, content: string): string {
  if (status !== 'ok') return status === 'invalid' ? 'invalid arguments' : status === 'unknown_tool' ? 'no such tool' : status === 'skipped' ? 'skipped' : 'failed';
  if (typeof data === 'object' && data !== null && typeof (data as { summary?: unknown }).summary === 'string') return (data as { summary: string }).summary;
  return content.split('\n')[0]?.slice(0, 120) ?? '';
}

/** A listener for one phase's agent loop that forwards to the pipeline's listener. */
export function phaseEventForwarder(phase: PhaseName, emit: PipelineListener, totals: RunTotals): (event: AgentEvent) => void {
  /** The arguments so far of each `propose_edits` call of the Task, by stream index, and how much of its summary was shown. */
  const answers = new Map<number, { args: string; shown: number }>();
  let streamedText = false;
  const text = (delta: string): void => {
    if (delta === '') return;
    streamedText = true;
    emit({ type: 'text_delta', phase, text: delta });
  };
  return (event) => {
    switch (event.type) {
      case 'model': {
        const e = event.event;
        if (e.type === 'text') text(e.delta);
        else if (e.type === 'tool_call_started' && phase === 'task' && e.name === 'propose_edits') {
          // A second answer (after a correction) starts on a paragraph of its own.
          if (streamedText) text('\n\n');
          answers.set(e.index, { args: '', shown: 0 });
        } else if (e.type === 'tool_call_delta' && answers.has(e.index)) {
          const a = answers.get(e.index)!;
          a.args += e.delta;
          const summary = partialSummary(a.args);
          text(summary.slice(a.shown));
          a.shown = Math.max(a.shown, summary.length);
        } else if (e.type === 'reasoning') emit({ type: 'reasoning_delta', phase, text: e.delta });
        else if (e.type === 'tool_call_finished') emit({ type: 'tool_call', phase, callId: e.call.id, name: e.call.name, arguments: e.call.arguments, summary: describeToolCall(e.call.name, e.call.arguments) });
        else if (e.type === 'retry') emit({ type: 'retry', phase, reason: e.reason });
        break;
      }
      case 'turn_retry':
        emit({ type: 'retry', phase, reason: event.reason });
        break;
      case 'tool_result': {
        emit({ type: 'tool_result', phase, callId: event.call.id, name: event.call.name, status: event.status, summary: resultSummary(event.status, event.data, event.content), content: event.content });
        break;
      }
      case 'usage':
        totals.usage = addUsage(totals.usage, event.usage);
        totals.costUsd += event.costUsd;
        emit({ type: 'usage', phase, usage: event.runUsage, costUsd: event.runCostUsd, totalUsage: totals.usage, totalCostUsd: totals.costUsd });
        break;
      default:
        break;
    }
  };
}
