// What each provider implements; retries, timeouts, abort and error wording live once, in
// chat-client.ts, around these calls.

import type { ChatRequest, LlmReply } from './chat-types';
import type { LlmError } from './llm-error';
import type { LlmEvent } from './stream-events';

export interface DriverCall {
  request: ChatRequest;
  maxTokens: number;
  signal: AbortSignal;
}

export interface ProviderDriver {
  /** One non-streaming HTTP call. */
  complete(call: DriverCall): Promise<LlmReply>;
  /**
   * Opens a streaming call; resolves once the response has started. The events end with `done`
   * when the reply completed, or the iteration throws (a cut stream is an `LlmError` `stream_cut`).
   */
  openStream(call: DriverCall): Promise<AsyncIterable<LlmEvent>>;
  listModels(signal: AbortSignal): Promise<string[]>;
  /** Maps what the wire client threw to an LlmError (messages not yet redacted). */
  classify(error: unknown): LlmError;
}
