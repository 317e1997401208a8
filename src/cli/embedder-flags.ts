// The embedding model for `index` and `search --mode semantic|hybrid`, from the provider flags
// (--provider, --base-url, --model: here the embedding model) and --dimensions. OpenAI defaults to
// text-embedding-3-small at 512 dimensions. Keys come from the environment, as for every command.
import { DEFAULT_EMBEDDING_DIMENSIONS, DEFAULT_EMBEDDING_MODEL, createEmbedder, embeddingPrice } from '../agents/llm/embedder-adapter';
import type { FetchLike } from '../agents/llm/fetch-like';
import { LlmError } from '../agents/llm/llm-error';
import type { Embedder } from '../search/semantic/types';
import { intFlag, type ParsedArgs } from './args';
import { UsageError } from './command';
import { providerFromFlags } from './provider-flags';

export const EMBEDDING_FLAGS = ['provider', 'base-url', 'model', 'dimensions'] as const;

export const EMBEDDING_USAGE = [
  '  --provider P      openai | openai-compatible (Ollama, LM Studio, OpenRouter: an OpenAI-style server)',
  '  --base-url URL    the server, e.g. http://localhost:11434/v1 (required for openai-compatible)',
  `  --model M         the embedding model (default for openai: ${DEFAULT_EMBEDDING_MODEL}; e.g. nomic-embed-text)`,
  `  --dimensions N    vector size asked of the model (default ${DEFAULT_EMBEDDING_DIMENSIONS})`,
  '  API keys come from OPENAI_API_KEY or REEVE_API_KEY (openai-compatible, optional)',
].join('\n');

export interface EmbeddingChoice {
  embedder: Embedder;
  /** US dollars per million tokens; 0 free; null unknown. */
  price: number | null;
  providerName: string;
}

export function embedderFromFlags(parsed: ParsedArgs, env: Record<string, string | undefined>, fetch: FetchLike = (input, init) => globalThis.fetch(input, init)): EmbeddingChoice | null {
  if (!parsed.values.has('provider') && parsed.values.has('dimensions')) throw new UsageError('--dimensions needs --provider');
  const choice = providerFromFlags(parsed, env);
  if (choice === null) return null;
  const kind = choice.provider.kind;
  if (kind === 'anthropic') throw new UsageError('--provider anthropic has no embeddings API; use openai or openai-compatible');
  const model = parsed.values.get('model') ?? DEFAULT_EMBEDDING_MODEL;
  const dimensions = intFlag(parsed, 'dimensions', DEFAULT_EMBEDDING_DIMENSIONS);
  try {
    const embedder = createEmbedder({ provider: choice.provider, model, apiKey: choice.apiKey, fetch, allowBrowser: false, dimensions });
    return { embedder, price: embeddingPrice(kind, model), providerName: choice.provider.id };
  } catch (e) {
    if (e instanceof LlmError) throw new UsageError(e.message);
    throw e;
  }
}
