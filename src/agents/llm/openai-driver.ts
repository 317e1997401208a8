// OpenAI and OpenAI-compatible servers (Ollama, LM Studio, OpenRouter, vLLM) through the official
// `openai` SDK, with its retries off and our transport injected.

import OpenAI from 'openai';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai/error';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { classifySdkError } from './classify-sdk-error';
import type { FetchLike } from './fetch-like';
import type { ModelProfile } from './model-profile';
import { openAiParams } from './openai-messages';
import { OpenAiStreamAccumulator, parseOpenAiCompletion } from './openai-reply';
import type { DriverCall, ProviderDriver } from './provider-driver';
import { effectiveBaseUrl, type ProviderConfig } from './provider-config';
import type { LlmEvent } from './stream-events';

/** The OpenAI SDK refuses to run without a key; keyless local servers get this, and the transport drops the header. */
export const KEYLESS_PLACEHOLDER = 'no-key';

export interface OpenAiDriverOptions {
  provider: ProviderConfig;
  profile: ModelProfile;
  apiKey: string;
  fetch: FetchLike;
  allowBrowser: boolean;
}

export function createOpenAiDriver(options: OpenAiDriverOptions): ProviderDriver {
  const { provider, profile } = options;
  const baseUrl = effectiveBaseUrl(provider);
  const sdk = new OpenAI({
    apiKey: options.apiKey === '' ? KEYLESS_PLACEHOLDER : options.apiKey,
    baseURL: baseUrl,
    // Explicit nulls keep the SDK from reading OPENAI_ORG_ID / OPENAI_PROJECT_ID from the environment.
    organization: null,
    project: null,
    webhookSecret: null,
    fetch: options.fetch,
    maxRetries: 0,
    timeout: provider.timeoutMs,
    defaultHeaders: provider.headers,
    dangerouslyAllowBrowser: options.allowBrowser,
    logLevel: 'off',
  });
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
    classify(error: unknown) {
      return classifySdkError(
        error,
        { APIError, APIConnectionError, APIConnectionTimeoutError, APIUserAbortError },
        { baseUrl, timeoutMs: provider.timeoutMs, nowMs: Date.now() },
      );
    },
  };
}

async function* translate(stream: AsyncIterable<ChatCompletionChunk>, acc: OpenAiStreamAccumulator): AsyncGenerator<LlmEvent> {
  for await (const chunk of stream) yield* acc.push(chunk);
  const { events, reply } = acc.end();
  yield* events;
  yield { type: 'done', reply };
}
