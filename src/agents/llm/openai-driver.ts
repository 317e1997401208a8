// OpenAI and OpenAI-compatible servers (Ollama, LM Studio, OpenRouter, vLLM) through the official
// `openai` SDK, with its retries off and our transport injected.

import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { ModelProfile } from './model-profile';
import { openAiParams } from './openai-messages';
import { OpenAiStreamAccumulator, parseOpenAiCompletion } from './openai-reply';
import { classifyOpenAiError, createOpenAiSdk, type OpenAiSdkOptions } from './openai-sdk';
import type { DriverCall, ProviderDriver } from './provider-driver';
import type { LlmEvent } from './stream-events';

export interface OpenAiDriverOptions extends OpenAiSdkOptions {
  profile: ModelProfile;
}

export function createOpenAiDriver(options: OpenAiDriverOptions): ProviderDriver {
  const { provider, profile } = options;
  const sdk = createOpenAiSdk(options);
  const splitThink = provider.kind === 'openai-compatible';
  const requestOptions = (signal: AbortSignal) => ({ signal, maxRetries: 0, timeout: provider.timeoutMs });

  return {
    async complete({ request, maxTokens, signal }: DriverCall) {
      const params = openAiParams(request, profile, provider.kind, maxTokens);
      const completion = await sdk.chat.completions.create({ ...params, stream: false }, requestOptions(signal));
      return parseOpenAiCompletion(completion, splitThink);
    },
    async openStream({ request, maxTokens, signal }: DriverCall) {
      const params = openAiParams(request, profile, provider.kind, maxTokens);
      const stream = await sdk.chat.completions.create(
        { ...params, stream: true, stream_options: { include_usage: true } },
        requestOptions(signal),
      );
      return translate(stream, new OpenAiStreamAccumulator(splitThink));
    },
    async listModels(signal: AbortSignal) {
      const ids: string[] = [];
      for await (const model of sdk.models.list(requestOptions(signal))) ids.push(model.id);
      return ids;
    },
    classify: (error: unknown) => classifyOpenAiError(error, provider),
  };
}

async function* translate(stream: AsyncIterable<ChatCompletionChunk>, acc: OpenAiStreamAccumulator): AsyncGenerator<LlmEvent> {
  for await (const chunk of stream) yield* acc.push(chunk);
  const { events, reply } = acc.end();
  yield* events;
  yield { type: 'done', reply };
}
