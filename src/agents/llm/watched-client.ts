// A model call the user can see waiting, with a bounded total. A server that accepts the
// connection and never answers used to keep `organize` silent for minutes (a first-byte timeout
// per attempt, times every retry): here, while nothing arrives, a status line says who is being
// waited for and for how long; each retry says why; and all calls through one watched client share
// one deadline (the budget of one command), after which the call ends with a timeout error that
// says what was waited for. Connecting itself is bounded by the transport (Node's fetch gives up
// on a connect after 10 s), the first byte and each later piece by the provider's timeoutMs.
import type { ChatRequest, LlmReply } from './chat-types';
import type { LlmClient } from './llm-client';
import { LlmError } from './llm-error';
import { collectReply, type LlmEvent } from './stream-events';
import { formatDuration, linkAbort } from './watchdog';

export interface WatchOptions {
  /** The longest all calls together may take, from the client's creation. */
  totalMs: number;
  /** How often to report a wait with nothing arriving; default 10 s. */
  tickMs?: number;
  /** One line for the user (the CLI writes it to stderr). */
  onStatus: (line: string) => void;
  now?: () => number;
}

export function watchClient(inner: LlmClient, opts: WatchOptions): LlmClient {
  const now = opts.now ?? Date.now;
  const deadline = now() + opts.totalMs;
  const tickMs = opts.tickMs ?? 10_000;
  const who = `${inner.provider.id} (${inner.profile.model}${inner.provider.baseUrl ? ` at ${inner.provider.baseUrl}` : ''})`;
  const outOfTime = (): LlmError =>
    new LlmError('timeout', `${who}: no complete reply within the ${formatDuration(opts.totalMs)} allowed for this command (first byte and each piece: ${formatDuration(inner.provider.timeoutMs)} per attempt); nothing was changed`, { retryable: false });

  async function* stream(request: ChatRequest): AsyncGenerator<LlmEvent, void, undefined> {
    if (now() >= deadline) {
      yield { type: 'error', error: outOfTime() };
      return;
    }
    const controller = new AbortController();
    const unlink = linkAbort(request.signal, controller);
    let expired = false;
    const timer = setTimeout(() => {
      expired = true;
      controller.abort(new DOMException('The time allowed ran out.', 'TimeoutError'));
    }, deadline - now());
    const started = now();
    let last = started;
    const ticker = setInterval(() => {
      if (now() - last >= tickMs) opts.onStatus(`waiting for ${who}: no answer for ${formatDuration(Math.round((now() - last) / 1000) * 1000)} (gives up in ${formatDuration(Math.max(0, Math.round((deadline - now()) / 1000) * 1000))})`);
    }, tickMs);
    try {
      for await (const event of inner.stream({ ...request, signal: controller.signal })) {
        last = now();
        if (event.type === 'retry') opts.onStatus(`${event.reason} — trying again in ${formatDuration(event.delayMs)} (attempt ${event.attempt + 1})`);
        if (event.type === 'error' && expired) {
          yield { type: 'error', error: outOfTime() };
          return;
        }
        yield event;
        if (event.type === 'done' || event.type === 'error') return;
      }
    } finally {
      clearTimeout(timer);
      clearInterval(ticker);
      unlink();
    }
  }

  return {
    provider: inner.provider,
    profile: inner.profile,
    stream,
    complete: (request: ChatRequest): Promise<LlmReply> => collectReply(stream(request)),
    listModels: (signal?: AbortSignal) => inner.listModels(signal),
  };
}
