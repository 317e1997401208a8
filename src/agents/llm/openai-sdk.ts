// The `openai` SDK client as Reeve configures it: our transport, no retries of its own, no
// logging, no telemetry headers, and nothing read from OPENAI_* environment variables.

import OpenAI from 'openai';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai/error';
import { classifySdkError } from './classify-sdk-error';
import type { FetchLike } from './fetch-like';
import type { LlmError } from './llm-error';
import { effectiveBaseUrl, type ProviderConfig } from './provider-config';
import { stripStainlessHeaders } from './strip-stainless-fetch';

/** The SDK refuses to run without a key; keyless local servers get this, and the transport drops the header. */
export const KEYLESS_PLACEHOLDER = 'no-key';

export interface OpenAiSdkOptions {
  provider: ProviderConfig;
  apiKey: string;
  fetch: FetchLike;
  allowBrowser: boolean;
}

export function createOpenAiSdk(options: OpenAiSdkOptions): OpenAI {
  const { provider } = options;
  return new OpenAI({
    apiKey: options.apiKey === '' ? KEYLESS_PLACEHOLDER : options.apiKey,
    baseURL: effectiveBaseUrl(provider),
    // Explicit nulls keep the SDK from reading OPENAI_ORG_ID / OPENAI_PROJECT_ID from the environment.
    organization: null,
    project: null,
    webhookSecret: null,
    fetch: stripStainlessHeaders(options.fetch, { dropAuthorization: options.apiKey === '' }),
    maxRetries: 0,
    timeout: provider.timeoutMs,
    defaultHeaders: provider.headers,
    dangerouslyAllowBrowser: options.allowBrowser,
    logLevel: 'off',
  });
}

export function classifyOpenAiError(error: unknown, provider: ProviderConfig): LlmError {
  return classifySdkError(
    error,
    { APIError, APIConnectionError, APIConnectionTimeoutError, APIUserAbortError },
    { baseUrl: effectiveBaseUrl(provider), timeoutMs: provider.timeoutMs, nowMs: Date.now() },
  );
}
