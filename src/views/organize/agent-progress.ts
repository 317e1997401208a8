// What the organize agent's events look like in the progress window: the model's text streamed
// as it is written, one line per tool call and its outcome, retries and errors said plainly.
import type { AgentEvent } from '../../agents/loop/agent-events';

export interface ProgressSink {
  log(message: string): void;
  stream(text: string): void;
}

export function showAgentEvent(sink: ProgressSink, event: AgentEvent): void {
  switch (event.type) {
    case 'iteration_started':
      sink.log(`Agent step ${event.iteration}`);
      return;
    case 'model': {
      const e = event.event;
      if (e.type === 'text') sink.stream(e.delta);
      else if (e.type === 'tool_call_started') sink.log(`Calling ${e.name}…`);
      else if (e.type === 'retry') sink.log(`Provider busy (${e.reason}); retrying in ${Math.ceil(e.delayMs / 1000)} s`);
      return;
    }
    case 'tool_result':
      sink.log(`${event.call.name}: ${event.status === 'ok' ? 'done' : event.status}`);
      return;
    case 'turn_retry':
      sink.log(`The reply was cut off (${event.reason}); asking again`);
      return;
    case 'error':
      sink.log(`Agent error: ${event.error.message}`);
      return;
    case 'finished':
      sink.log(`Agent finished after ${event.iterations} steps${event.runCostUsd > 0 ? `, about $${event.runCostUsd.toFixed(4)}` : ''}`);
      return;
    default:
      return;
  }
}
