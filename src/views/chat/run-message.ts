// Runs one message: builds the run's deps (ask_user answered inline in the message), runs the
// pipeline with every event shown as it arrives and kept, and fills in the message's turn: the
// answer, the edits proposed and refused, and whether it was stopped. A run that cannot start
// (no model, every agent off) is shown in the message as an error, and kept like any other.
import { runPipeline, type AskRequest } from '../../agents/pipeline/run-pipeline';
import type { PipelineEvent } from '../../agents/pipeline/pipeline-events';
import type { ChatTurnEdit } from '../../agents/task/chat-history';
import type { ChatHost } from './chat-host';
import { compactEvents } from './chat-record';
import type { MessageView } from './message-view';
import { askInline } from './question-card';

export async function runMessage(host: ChatHost, view: MessageView, request: AskRequest, signal: AbortSignal, onEvent: () => void): Promise<void> {
  const record = view.record;
  const emit = (e: PipelineEvent): void => {
    record.events.push(e);
    view.apply(e);
    onEvent();
  };
  try {
    const deps = await host.askDeps((question, s) => askInline(view.questionsEl, question, s ?? signal));
    const result = await runPipeline(request, deps, emit, signal);
    const edits: ChatTurnEdit[] = [
      ...(result.outcome?.proposed ?? []).map((p) => ({ id: p.id, file: p.note, type: p.type, state: 'proposed' as const })),
      ...(result.outcome?.refused ?? []).map((r) => ({ id: '', file: r.file, type: 'edit' as const, state: 'refused' as const, reason: r.reason })),
    ];
    record.turn = {
      ...record.turn,
      answer: result.answer || (result.question !== null ? `(waiting for your answer: ${result.question})` : ''),
      edits,
      ...(result.stopped ? { stopped: true } : {}),
    };
  } catch (e) {
    emit({ type: 'error', phase: null, message: e instanceof Error ? e.message : String(e) });
    emit({ type: 'run_finished', stopped: false, error: e instanceof Error ? e.message : String(e) });
  }
  record.turn = { ...record.turn, at: new Date().toISOString() };
  record.events = compactEvents(record.events);
  await view.complete();
}
