// What agents call. One client stands for one model profile on one provider.

import type { ChatRequest, LlmReply } from './chat-types';
import type { ModelProfile } from './model-profile';
import type { ProviderConfig } from './provider-config';
import type { LlmEvent } from './stream-events';

export interface LlmClient {
  readonly provider: ProviderConfig;
  readonly profile: ModelProfile;
  /**
   * Runs one model call. Never throws: it yields progress events and ends with exactly one `done`
   * (a complete, checked reply) or `error`. Breaking out of the loop cancels the call.
   */
  stream(request: ChatRequest): AsyncGenerator<LlmEvent, void, undefined>;
  /** The same call, awaited: the reply, or the error thrown. */
  complete(request: ChatRequest): Promise<LlmReply>;
  /** Model names the server offers (for the settings tab's picker and a connection check). */
  listModels(signal?: AbortSignal): Promise<string[]>;
}
