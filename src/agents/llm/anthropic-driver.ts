// Anthropic through Reeve's own wire client (anthropic-wire.ts); retries, timeouts and error
// wording are chat-client.ts's.

import { anthropicParams } from './anthropic-messages';
import { AnthropicStreamAccumulator, parseAnthropicMessage } from './anthropic-reply';
import { createAnthropicWire, type AnthropicWireOptions } from './anthropic-wire';
import type { AnthropicStreamEvent } from './anthropic-wire-types';
import { classifyApiError } from './classify-api-error';
import type { ModelProfile } from './model-profile';
import type { DriverCall, ProviderDriver } from './provider-driver';
import { effectiveBaseUrl } from './provider-config';
import type { LlmEvent } from './stream-events';

export interface AnthropicDriverOptions extends AnthropicWireOptions {
  profile: ModelProfile;
}

export function createAnthropicDriver(options: AnthropicDriverOptions): ProviderDriver {
  const { provider, profile } = options;
  const wire = createAnthropicWire(options);

  return {
    async complete({ request, maxTokens, signal }: DriverCall) {
      return parseAnthropicMessage(await wire.createMessage(anthropicParams(request, profile, maxTokens), signal));
    },
    async openStream({ request, maxTokens, signal }: DriverCall) {
      const stream = await wire.streamMessage(anthropicParams(request, profile, maxTokens), signal);
      return translate(stream, new AnthropicStreamAccumulator());
    },
    listModels: (signal: AbortSignal) => wire.listModels(signal),
    classify: (error: unknown) => classifyApiError(error, { baseUrl: effectiveBaseUrl(provider), timeoutMs: provider.timeoutMs, nowMs: Date.now() }),
  };
}

async function* translate(stream: AsyncIterable<AnthropicStreamEvent>, acc: AnthropicStreamAccumulator): AsyncGenerator<LlmEvent> {
  for await (const event of stream) yield* acc.push(event);
  const { events, reply } = acc.end();
  yield* events;
  yield { type: 'done', reply };
}
