// The model provider flags shared by `organize` and `ask`: --provider, --base-url, --model,
// --tool-format. API keys come from the environment only (OPENAI_API_KEY, ANTHROPIC_API_KEY,
// REEVE_API_KEY), never from a flag, so they stay out of shell history and process lists.
// Node's fetch is the transport.
import { createLlmClient } from '../agents/llm/create-client';
import type { FetchLike } from '../agents/llm/fetch-like';
import type { LlmClient } from '../agents/llm/llm-client';
import { watchClient } from '../agents/llm/watched-client';
import { TOOL_FORMATS, type ModelProfile, type ToolFormat } from '../agents/llm/model-profile';
import { modelChoice } from '../settings/model-choice';
import { apiKeyEnvVar, DEFAULT_TIMEOUT_MS, PROVIDER_KINDS, type ProviderConfig, type ProviderKind } from '../agents/llm/provider-config';
import type { ParsedArgs } from './args';
import { type CliIO, UsageError } from './command';

export const PROVIDER_FLAGS = ['provider', 'base-url', 'model', 'tool-format'] as const;

export const PROVIDER_USAGE = [
  '  --provider P      openai | anthropic | openai-compatible (a local or hosted OpenAI-style server)',
  '  --base-url URL    the server, e.g. http://localhost:11434/v1 (required for openai-compatible)',
  '  --model M         the model (default: gpt-4.1-mini for openai, claude-haiku-4-5 for anthropic)',
  '  --tool-format F   native | hermes | json (text tool calls for models without native tools)',
  '  API keys come from OPENAI_API_KEY, ANTHROPIC_API_KEY or REEVE_API_KEY (openai-compatible, optional)',
  '  REEVE_MODEL_TIMEOUT_MS: wait for a reply to start (and for each piece) per attempt, default 120000;',
  '  REEVE_MODEL_TOTAL_MS: all of one command\'s model calls together, default 300000',
].join('\n');

const DEFAULT_MODEL: Record<Exclude<ProviderKind, 'openai-compatible'>, string> = { openai: 'gpt-4.1-mini', anthropic: 'claude-haiku-4-5' };

export interface ProviderChoice {
  provider: ProviderConfig;
  profile: ModelProfile;
  apiKey: string;
}

/** A duration in milliseconds from the environment, or undefined when unset or not a positive number. */
export function positiveMs(raw: string | undefined): number | undefined {
  const n = Number(raw);
  return raw !== undefined && raw.trim() !== '' && Number.isFinite(n) && n > 0 ? n : undefined;
}

/** The provider the flags name, or null when no provider flag was given. */
export function providerFromFlags(parsed: ParsedArgs, env: Record<string, string | undefined>): ProviderChoice | null {
  const kind = parsed.values.get('provider');
  if (kind === undefined) {
    const stray = PROVIDER_FLAGS.find((f) => parsed.values.has(f));
    if (stray !== undefined) throw new UsageError(`--${stray} needs --provider`);
    return null;
  }
  if (!(PROVIDER_KINDS as readonly string[]).includes(kind)) throw new UsageError(`unknown provider "${kind}"; use ${PROVIDER_KINDS.join(', ')}`);
  const providerKind = kind as ProviderKind;
  const baseUrl = parsed.values.get('base-url') ?? '';
  if (baseUrl !== '' && !/^https?:\/\/\S+$/u.test(baseUrl)) throw new UsageError(`--base-url "${baseUrl}" is not an http(s) URL`);
  if (providerKind === 'openai-compatible' && baseUrl === '') throw new UsageError('--provider openai-compatible needs --base-url URL (for Ollama: http://localhost:11434/v1)');
  const model = parsed.values.get('model') ?? (providerKind === 'openai-compatible' ? undefined : DEFAULT_MODEL[providerKind]);
  if (model === undefined) throw new UsageError('--provider openai-compatible needs --model M (the name the server knows the model by)');
  const format = parsed.values.get('tool-format');
  if (format !== undefined && !(TOOL_FORMATS as readonly string[]).includes(format)) throw new UsageError(`unknown tool format "${format}"; use ${TOOL_FORMATS.join(', ')}`);
  const envVar = apiKeyEnvVar(providerKind);
  const apiKey = (env[envVar] ?? '').trim();
  if (apiKey === '' && providerKind !== 'openai-compatible') throw new UsageError(`--provider ${providerKind} needs an API key in the environment variable ${envVar}`);

  const id = providerKind === 'openai-compatible' ? 'local' : providerKind;
  // How long to wait for the first byte of a reply, and for each later piece (per attempt).
  const timeoutMs = positiveMs(env.REEVE_MODEL_TIMEOUT_MS) ?? DEFAULT_TIMEOUT_MS;
  const provider: ProviderConfig = { id, kind: providerKind, baseUrl, apiKeySecret: '', transport: 'fetch', timeoutMs, headers: {} };
  // The built-in profile of that model when there is one (limits, prices), as in the plugin's settings.
  const choice = modelChoice(model);
  const profile: ModelProfile = { ...choice, id: model, provider: id, toolFormat: (format as ToolFormat | undefined) ?? choice.toolFormat };
  return { provider, profile, apiKey };
}

/** A client for the flags' provider (Node's fetch), or null when none was given. */
export function clientFromFlags(parsed: ParsedArgs, env: Record<string, string | undefined>, fetch: FetchLike = (input, init) => globalThis.fetch(input, init)): LlmClient | null {
  const choice = providerFromFlags(parsed, env);
  if (choice === null) return null;
  return createLlmClient({ ...choice, fetch, allowBrowser: false });
}

/** All of one command's model calls together, unless REEVE_MODEL_TOTAL_MS says otherwise. */
const DEFAULT_MODEL_TOTAL_MS = 300_000;

/**
 * The flags' client for a whole command (organize, ask): its calls share one bounded total, and a
 * wait with nothing arriving is said on stderr (watched-client.ts). A server that never answers,
 * or one that sends a piece just inside the per-attempt timeout forever, ends the command with one
 * error naming it.
 */
export function watchedClientFromFlags(parsed: ParsedArgs, io: Pick<CliIO, 'env' | 'stderr'>): LlmClient | null {
  const raw = clientFromFlags(parsed, io.env);
  if (raw === null) return null;
  return watchClient(raw, {
    totalMs: positiveMs(io.env.REEVE_MODEL_TOTAL_MS) ?? DEFAULT_MODEL_TOTAL_MS,
    tickMs: Math.min(10_000, raw.provider.timeoutMs / 2),
    onStatus: (line) => io.stderr(`reeve: ${line}\n`),
  });
}
