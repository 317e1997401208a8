// OpenAI and OpenAI-compatible servers (Ollama, LM Studio, OpenRouter, vLLM) through Reeve's own
// wire client (openai-wire.ts); retries, timeouts and error wording are chat-client.ts's.

import { classifyApiError } from './classify-api-error';
import type { LlmError } from './llm-error';
import type { ModelProfile } from './model-profile';
import { openAiParams } from './openai-messages';
import { OpenAiStreamAccumulator, parseOpenAiCompletion } from './openai-reply';
import { createOpenAiWire, type OpenAiWireOptions } from './openai-wire';
import type { OpenAiChunk } from './openai-wire-types';
import { effectiveBaseUrl, type ProviderConfig } from './provider-config';
import type { DriverCall, ProviderDriver } from './provider-driver';
import type { LlmEvent } from './stream-events';

export interface OpenAiDriverOptions extends OpenAiWireOptions {
  profile: ModelProfile;
}

export function createOpenAiDriver(options: OpenAiDriverOptions): ProviderDriver {
  const { provider, profile } = options;
  const wire = createOpenAiWire(options);
  const splitThink = provider.kind === 'openai-compatible';

  return {
    async complete({ request, maxTokens, signal }: DriverCall) {
      const completion = await wire.chatCompletion(openAiParams(request, profile, provider.kind, maxTokens), signal);
      return parseOpenAiCompletion(completion, splitThink);
    },
    async openStream({ request, maxTokens, signal }: DriverCall) {
      const stream = await wire.chatCompletionStream(openAiParams(request, profile, provider.kind, maxTokens), signal);
      return translate(stream, new OpenAiStreamAccumulator(splitThink));
    },
    listModels: (signal: AbortSignal) => wire.listModels(signal),
    classify: (error: unknown) => classifyOpenAiError(error, provider),
  };
}

export function classifyOpenAiError(error: unknown, provider: ProviderConfig): LlmError {
  return classifyApiError(error, { baseUrl: effectiveBaseUrl(provider), timeoutMs: provider.timeoutMs, nowMs: Date.now() });
}

async function* translate(stream: AsyncIterable<OpenAiChunk>, acc: OpenAiStreamAccumulator): AsyncGenerator<LlmEvent> {
  for await (const chunk of stream) yield* acc.push(chunk);
  const { events, reply } = acc.end();
  yield* events;
  yield { type: 'done', reply };
}
