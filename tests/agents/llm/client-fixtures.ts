// Clients wired to the scripted server, and a clock that records the waits it is asked for
// instead of waiting (the HTTP stays real).

import type { Clock } from '../../../src/agents/llm/clock';
import { createLlmClient } from '../../../src/agents/llm/create-client';
import type { FetchLike } from '../../../src/agents/llm/fetch-like';
import type { LlmClient } from '../../../src/agents/llm/llm-client';
import type { ModelProfile, ToolFormat } from '../../../src/agents/llm/model-profile';
import type { ProviderConfig, ProviderKind } from '../../../src/agents/llm/provider-config';
import type { ScriptedLlmServer } from '../../llm-server';

/** Node's own fetch, the CLI's transport. */
export const nodeFetch: FetchLike = (input, init) => globalThis.fetch(input, init);

export const FAKE_KEY = 'sk-reeve-FAKE-KEY-0123456789abcdefXYZ';

export class RecordingClock implements Clock {
  readonly sleeps: number[] = [];
  /** When set, sleeps hang until aborted (to test cancelling during backoff). */
  hang = false;
  private onSleep: (() => void) | undefined;

  now(): number {
    return Date.now();
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    this.onSleep?.();
    if (!this.hang) return Promise.resolve();
    return new Promise((_, reject) => {
      const fail = (): void => reject(new DOMException('aborted', 'AbortError'));
      if (signal?.aborted) fail();
      signal?.addEventListener('abort', fail, { once: true });
    });
  }

  /** Resolves when the next sleep starts. */
  nextSleep(): Promise<void> {
    return new Promise((resolve) => {
      this.onSleep = () => {
        this.onSleep = undefined;
        resolve();
      };
    });
  }
}

export interface ClientSetup {
  kind: ProviderKind;
  streaming?: boolean;
  toolFormat?: ToolFormat;
  reasoning?: boolean;
  apiKey?: string;
  clock?: Clock;
  fetch?: FetchLike;
  timeoutMs?: number;
  maxOutputTokens?: number;
  headers?: Record<string, string>;
}

export function providerFor(server: ScriptedLlmServer, setup: ClientSetup): ProviderConfig {
  return {
    id: setup.kind === 'openai-compatible' ? 'local' : setup.kind,
    kind: setup.kind,
    baseUrl: setup.kind === 'anthropic' ? server.anthropicBaseUrl : server.openaiBaseUrl,
    apiKeySecret: '',
    transport: 'fetch',
    timeoutMs: setup.timeoutMs ?? 10_000,
    headers: setup.headers ?? {},
  };
}

export function profileFor(provider: ProviderConfig, setup: ClientSetup): ModelProfile {
  return {
    id: `${provider.id}-model`,
    provider: provider.id,
    model: setup.kind === 'anthropic' ? 'claude-scripted' : 'gpt-scripted',
    contextWindow: 32_000,
    maxOutputTokens: setup.maxOutputTokens ?? 2_048,
    streaming: setup.streaming ?? true,
    toolFormat: setup.toolFormat ?? 'native',
    reasoning: setup.reasoning ?? false,
    prices: { input: 2, output: 8, cachedInput: 0.5 },
  };
}

export function clientFor(server: ScriptedLlmServer, setup: ClientSetup): LlmClient {
  const provider = providerFor(server, setup);
  const apiKey = setup.apiKey ?? (setup.kind === 'openai-compatible' ? '' : FAKE_KEY);
  return createLlmClient({
    provider,
    profile: profileFor(provider, setup),
    apiKey,
    fetch: setup.fetch ?? nodeFetch,
    allowBrowser: false,
    clock: setup.clock ?? new RecordingClock(),
    random: () => 0.5,
  });
}

/** Every combination the layer must support for native tool calling. */
export const NATIVE_MATRIX = [
  { kind: 'openai', streaming: true },
  { kind: 'openai', streaming: false },
  { kind: 'anthropic', streaming: true },
  { kind: 'anthropic', streaming: false },
  { kind: 'openai-compatible', streaming: true },
  { kind: 'openai-compatible', streaming: false },
] as const satisfies readonly ClientSetup[];
