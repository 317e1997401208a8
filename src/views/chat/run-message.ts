// Runs one message: builds the run's deps (ask_user answered inline in the message), runs the
// pipeline with every event shown as it arrives and kept, then makes the message's record the way
// the chat store keeps it (messageRecord: the turn, compacted events, tokens and cost, and the
// proposed blocks' texts, so later states can be read from the notes). A run that cannot start
// (no model, every agent off) is shown in the message as an error, and kept like any other.
import { messageRecord } from '../../agents/chat/chat-message';
import { captureProposals } from '../../agents/chat/edit-states';
import { runPipeline, type AskRequest, type AskResult } from '../../agents/pipeline/run-pipeline';
import type { PipelineEvent } from '../../agents/pipeline/pipeline-events';
import type { ChatHost, RunOverrides } from './chat-host';
import type { MessageView } from './message-view';
import { askInline } from './question-card';

export async function runMessage(host: ChatHost, view: MessageView, request: AskRequest, signal: AbortSignal, onEvent: (e: PipelineEvent) => void, overrides?: RunOverrides): Promise<void> {
  const events: PipelineEvent[] = [];
  const emit = (e: PipelineEvent): void => {
    events.push(e);
    view.apply(e);
    onEvent(e);
  };
  let result: AskResult | null = null;
  let error: string | undefined;
  try {
    const deps = await host.askDeps((question, s) => askInline(view.questionsEl, question, s ?? signal), overrides);
    result = await runPipeline(request, deps, emit, signal);
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
    emit({ type: 'error', phase: null, message: error });
    emit({ type: 'run_finished', stopped: false, error });
  }
  const proposed = result?.outcome?.proposed.map((p) => ({ id: p.id, note: p.note })) ?? [];
  const proposals = await captureProposals(host.widgetDeps.port(), proposed);
  Object.assign(view.record, messageRecord({ id: view.record.id, request, result, events, proposals, ...(error === undefined ? {} : { error }) }));
  await view.complete();
}
