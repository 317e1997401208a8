// Anthropic through the official SDK. Only the client core and the Messages and Models resources
// are imported (not the full `Anthropic` class), so the bundle carries no unused API surface.

import { BaseAnthropic } from '@anthropic-ai/sdk/client';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk/error';
import { Messages, type RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { Models } from '@anthropic-ai/sdk/resources/models';
import { anthropicParams } from './anthropic-messages';
import { AnthropicStreamAccumulator, parseAnthropicMessage } from './anthropic-reply';
import { classifySdkError } from './classify-sdk-error';
import type { FetchLike } from './fetch-like';
import type { ModelProfile } from './model-profile';
import type { DriverCall, ProviderDriver } from './provider-driver';
import { effectiveBaseUrl, type ProviderConfig } from './provider-config';
import type { LlmEvent } from './stream-events';
import { stripStainlessHeaders } from './strip-stainless-fetch';

class AnthropicMessagesClient extends BaseAnthropic {
  readonly messages = new Messages(this);
  readonly models = new Models(this);
}

export interface AnthropicDriverOptions {
  provider: ProviderConfig;
  profile: ModelProfile;
  apiKey: string;
  fetch: FetchLike;
  allowBrowser: boolean;
}

export function createAnthropicDriver(options: AnthropicDriverOptions): ProviderDriver {
  const { provider, profile } = options;
  const baseUrl = effectiveBaseUrl(provider);
  const sdk = new AnthropicMessagesClient({
    // An explicit key and base URL keep the SDK from reading ANTHROPIC_* variables or profiles on disk.
    apiKey: options.apiKey,
    baseURL: baseUrl,
    webhookKey: null,
    fetch: stripStainlessHeaders(options.fetch),
    maxRetries: 0,
    timeout: provider.timeoutMs,
    defaultHeaders: provider.headers,
    dangerouslyAllowBrowser: options.allowBrowser,
    openTelemetry: false,
    logLevel: 'off',
  });
  const requestOptions = (signal: AbortSignal) => ({ signal, maxRetries: 0, timeout: provider.timeoutMs });

  return {
    async complete({ request, maxTokens, signal }: DriverCall) {
      const message = await sdk.messages.create({ ...anthropicParams(request, profile, maxTokens), stream: false }, requestOptions(signal));
      return parseAnthropicMessage(message);
    },
    async openStream({ request, maxTokens, signal }: DriverCall) {
      const stream = await sdk.messages.create({ ...anthropicParams(request, profile, maxTokens), stream: true }, requestOptions(signal));
      return translate(stream, new AnthropicStreamAccumulator());
    },
    async listModels(signal: AbortSignal) {
      const ids: string[] = [];
      for await (const model of sdk.models.list({}, requestOptions(signal))) ids.push(model.id);
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

async function* translate(stream: AsyncIterable<RawMessageStreamEvent>, acc: AnthropicStreamAccumulator): AsyncGenerator<LlmEvent> {
  for await (const event of stream) yield* acc.push(event);
  const { events, reply } = acc.end();
  yield* events;
  yield { type: 'done', reply };
}
