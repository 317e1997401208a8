// A run's events as a chat file keeps them: a streamed answer arrives as hundreds of small text
// and reasoning deltas, which are merged (consecutive deltas of one kind and phase become one), so
// the view can show the run again from the file without replaying every token. Everything else
// is kept as it happened: tool calls and results, the selection, searches and pages, usage, drops,
// edits, questions, errors and stops. What a tool returned to the model can be a whole note, so
// it is cut to its first characters: the chat keeps what happened, the vault keeps the notes.

import type { PipelineEvent } from '../pipeline/pipeline-events';

/** Characters of a tool result's content a chat keeps. */
export const TOOL_CONTENT_KEPT = 2000;

function cut(content: string): string {
  if (content.length <= TOOL_CONTENT_KEPT) return content;
  return `${content.slice(0, TOOL_CONTENT_KEPT)}\n… (${(content.length - TOOL_CONTENT_KEPT).toLocaleString('en-US')} more characters not kept in the chat)`;
}

export function compactEvents(events: readonly PipelineEvent[]): PipelineEvent[] {
  const out: PipelineEvent[] = [];
  for (const e of events) {
    const last = out[out.length - 1];
    if ((e.type === 'text_delta' || e.type === 'reasoning_delta') && last?.type === e.type && last.phase === e.phase) {
      out[out.length - 1] = { ...last, text: last.text + e.text };
    } else if (e.type === 'tool_result') {
      out.push({ ...e, content: cut(e.content) });
    } else if (!((e.type === 'text_delta' || e.type === 'reasoning_delta') && e.text === '')) {
      out.push(e);
    }
  }
  return out;
}
