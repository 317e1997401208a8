// The provider-independent half of a model call: our retry policy, the per-attempt watchdog,
// cancellation, the checks on a finished reply (cut off by the token limit, filtered), and error
// messages that name the provider and never contain a key.

import type { ChatRequest, LlmReply } from './chat-types';
import type { Clock } from './clock';
import type { LlmClient } from './llm-client';
import { LlmError } from './llm-error';
import type { ModelProfile } from './model-profile';
import type { DriverCall, ProviderDriver } from './provider-driver';
import type { ProviderConfig } from './provider-config';
import { redactSecrets } from './redact-secrets';
import { withRetries, type RetryPolicy } from './retry-policy';
import { EventChannel } from './event-channel';
import { collectReply, replyEvents, type LlmEvent } from './stream-events';
import { formatDuration, linkAbort, Watchdog } from './watchdog';

export interface ChatClientParts {
  provider: ProviderConfig;
  profile: ModelProfile;
  driver: ProviderDriver;
  /** Strings that must never appear in errors or events (the API key). */
  secrets: string[];
  clock: Clock;
  random: () => number;
  retryPolicy: RetryPolicy;
}

export class ChatClient implements LlmClient {
  readonly provider: ProviderConfig;
  readonly profile: ModelProfile;

  constructor(private readonly parts: ChatClientParts) {
    this.provider = parts.provider;
    this.profile = parts.profile;
  }

  async *stream(request: ChatRequest): AsyncGenerator<LlmEvent, void, undefined> {
    const channel = new EventChannel<LlmEvent>();
    const controller = new AbortController();
    const unlink = linkAbort(request.signal, controller);
    const task = this.produce(request, controller.signal, channel).then(
      (reply) => channel.push({ type: 'done', reply }),
      (error: unknown) => channel.push({ type: 'error', error: this.publicError(error) }),
    );
    void task.finally(() => channel.close());
    try {
      yield* channel;
    } finally {
      controller.abort();
      unlink();
      await task;
    }
  }

  complete(request: ChatRequest): Promise<LlmReply> {
    return collectReply(this.stream(request));
  }

  async listModels(signal?: AbortSignal): Promise<string[]> {
    const watchdog = new Watchdog(signal ?? new AbortController().signal, this.provider.timeoutMs);
    try {
      return await this.parts.driver.listModels(watchdog.signal);
    } catch (error) {
      throw this.publicError(watchdog.fired ? this.timeoutError() : this.parts.driver.classify(error));
    } finally {
      watchdog.stop();
    }
  }

  private async produce(request: ChatRequest, signal: AbortSignal, channel: EventChannel<LlmEvent>): Promise<LlmReply> {
    const { clock, random, retryPolicy } = this.parts;
    const maxTokens = request.maxTokens ?? this.profile.maxOutputTokens;
    const retry = {
      policy: retryPolicy,
      clock,
      random,
      signal,
      onRetry: (info: { attempt: number; delayMs: number; error: LlmError }) =>
        channel.push({ type: 'retry', attempt: info.attempt, delayMs: info.delayMs, reason: this.publicError(info.error).message }),
    };
    let reply: LlmReply;
    if (this.profile.streaming) {
      const opened = await withRetries(() => this.openAttempt({ request, maxTokens, signal }), retry);
      reply = await this.drain(opened.events, opened.watchdog, channel, signal);
    } else {
      reply = await withRetries(() => this.wholeAttempt({ request, maxTokens, signal }), retry);
      for (const event of replyEvents(reply)) channel.push(event);
    }
    return this.checkFinished(reply, maxTokens);
  }

  private async wholeAttempt(call: DriverCall): Promise<LlmReply> {
    const watchdog = new Watchdog(call.signal, this.provider.timeoutMs);
    try {
      return await this.parts.driver.complete({ ...call, signal: watchdog.signal });
    } catch (error) {
      throw watchdog.fired ? this.timeoutError() : this.parts.driver.classify(error);
    } finally {
      watchdog.stop();
    }
  }

  private async openAttempt(call: DriverCall): Promise<{ events: AsyncIterable<LlmEvent>; watchdog: Watchdog }> {
    const watchdog = new Watchdog(call.signal, this.provider.timeoutMs);
    try {
      return { events: await this.parts.driver.openStream({ ...call, signal: watchdog.signal }), watchdog };
    } catch (error) {
      watchdog.stop();
      throw watchdog.fired ? this.timeoutError() : this.parts.driver.classify(error);
    }
  }

  /** Passes stream events on; any failure after the reply started is a cut stream (or the caller's abort). */
  private async drain(events: AsyncIterable<LlmEvent>, watchdog: Watchdog, channel: EventChannel<LlmEvent>, signal: AbortSignal): Promise<LlmReply> {
    try {
      for await (const event of events) {
        watchdog.reset();
        if (event.type === 'done') return event.reply;
        channel.push(event);
      }
      throw new LlmError('stream_cut', 'The reply stream ended without a reply; nothing from it was used.');
    } catch (error) {
      if (signal.aborted) throw new LlmError('aborted', 'The request was cancelled.');
      if (watchdog.fired) {
        throw new LlmError('stream_cut', `The reply stream stalled (no data for ${this.duration()}) and was abandoned; nothing from it was used.`);
      }
      const e = this.parts.driver.classify(error);
      if (e.kind === 'aborted' || e.kind === 'stream_cut') throw e;
      const cause = e.message.replace(/\.$/, '');
      if (e.kind === 'bad_response') throw new LlmError('bad_response', `The reply stream was malformed: ${cause}; nothing from it was used.`);
      throw new LlmError('stream_cut', `The reply stream broke off: ${cause}; nothing from it was used.`, { status: e.status });
    } finally {
      watchdog.stop();
    }
  }

  private checkFinished(reply: LlmReply, maxTokens: number): LlmReply {
    if (reply.finishReason === 'length') {
      throw new LlmError(
        'truncated',
        `The reply was cut off at the output token limit (${maxTokens} tokens) and was discarded; ask for a shorter reply or raise the profile's maxOutputTokens.`,
        { usage: reply.usage },
      );
    }
    if (reply.finishReason === 'content_filter') throw new LlmError('refused', 'The provider filtered the reply (content filter).', { usage: reply.usage });
    return reply;
  }

  private timeoutError(): LlmError {
    return new LlmError('timeout', `No response within ${this.duration()}.`);
  }

  private duration(): string {
    return formatDuration(this.provider.timeoutMs);
  }

  /** The error as callers see it: classified, naming provider and model, with secrets removed. */
  private publicError(error: unknown): LlmError {
    const e = error instanceof LlmError ? error : this.parts.driver.classify(error);
    const message = redactSecrets(`${this.provider.id} (${this.profile.model}): ${e.message}`, this.parts.secrets);
    return e.with({ message });
  }
}
