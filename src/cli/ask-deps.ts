// What `reeve ask` builds from its flags besides the chat model: the Web phase (a search
// provider with its key from the environment, the page fetcher that checks the address each connection
// is made to (a name pointing at a private address is refused), linkedom for the DOM) and the
// semantic index `reeve index` built (loaded, never built here: building costs tokens).
import { webPhase } from '../agents/pipeline/web-phase-adapter';
import type { WebPhase } from '../agents/pipeline/web-phase';
import { createEmbedder, DEFAULT_EMBEDDING_DIMENSIONS } from '../agents/llm/embedder-adapter';
import type { FetchLike } from '../agents/llm/fetch-like';
import type { LlmClient } from '../agents/llm/llm-client';
import { LlmError } from '../agents/llm/llm-error';
import { createWebSearchProvider, DEFAULT_WEB_SETTINGS, SEARCH_KEY_ENV_VARS, SEARCH_PROVIDER_KINDS, WebSearchError, type SearchProviderKind } from '../agents/web';
import { linkedomParseHtml } from '../agents/web/extract/linkedom-parse-html';
import type { Wall } from '../search/retrieval/walls';
import { SemanticIndex } from '../search/semantic/semantic-index';
import type { VaultPort } from '../vault-vfs/vault-port';
import { intFlag, type ParsedArgs } from './args';
import { UsageError } from './command';
import { createNodePageFetcher } from './node-page-fetch';
import { providerFromFlags } from './provider-flags';

export const WEB_FLAGS = ['search-provider', 'search-base-url'] as const;
export const SEMANTIC_FLAGS = ['embed-model', 'dimensions'] as const;

export const ASK_DEPS_USAGE = [
  '  --search-provider P  brave | tavily | serper | searxng | openai (for --agents web)',
  '  --search-base-url U  the search server (required for searxng, e.g. http://localhost:8888)',
  '  --allow-private-hosts  let the Web agent read pages on private and loopback addresses',
  '  --embed-model M      use the semantic index `reeve index` built with this embedding model',
  '  --yes                with --embed-model: first embed the notes that changed (sends their text; costs tokens)',
  `  --dimensions N       its vector size (default ${DEFAULT_EMBEDDING_DIMENSIONS})`,
  `  search keys come from ${SEARCH_PROVIDER_KINDS.flatMap((k) => SEARCH_KEY_ENV_VARS[k] ?? []).join(', ')}`,
].join('\n');

const nodeFetch: FetchLike = (input, init) => globalThis.fetch(input, init);

export function webFromFlags(parsed: ParsedArgs, env: Record<string, string | undefined>, client: LlmClient, wanted: boolean): WebPhase | null {
  const kind = parsed.values.get('search-provider');
  if (kind === undefined) {
    if (wanted) throw new UsageError('--agents web needs --search-provider (brave, tavily, serper, searxng or openai)');
    if (parsed.values.has('search-base-url')) throw new UsageError('--search-base-url needs --search-provider');
    return null;
  }
  if (!(SEARCH_PROVIDER_KINDS as readonly string[]).includes(kind)) throw new UsageError(`unknown search provider "${kind}"; use ${SEARCH_PROVIDER_KINDS.join(', ')}`);
  const envVar = SEARCH_KEY_ENV_VARS[kind as SearchProviderKind];
  let search;
  try {
    search = createWebSearchProvider({ kind: kind as SearchProviderKind, baseUrl: parsed.values.get('search-base-url') ?? '', apiKey: envVar === null ? '' : (env[envVar] ?? '').trim(), fetch: nodeFetch });
  } catch (e) {
    if (e instanceof WebSearchError) throw new UsageError(e.message);
    throw e;
  }
  // Checks the address each connection is actually made to, not a separate earlier lookup.
  const fetcher = createNodePageFetcher(parsed.booleans.has('allow-private-hosts'));
  return webPhase({ client, search, fetcher, parseHtml: linkedomParseHtml, settings: { ...DEFAULT_WEB_SETTINGS, allowPrivateHosts: parsed.booleans.has('allow-private-hosts') } });
}

/**
 * The semantic index built with --embed-model on the --provider's server; null without the flag.
 * Only loaded, unless --yes agrees to embedding what changed (or a first build) before the run;
 * a walled note is never embedded.
 */
export function semanticFromFlags(parsed: ParsedArgs, env: Record<string, string | undefined>, vault: VaultPort, walled: Wall): SemanticIndex | null {
  const model = parsed.values.get('embed-model');
  if (model === undefined) {
    if (parsed.values.has('dimensions')) throw new UsageError('--dimensions needs --embed-model');
    return null;
  }
  const choice = providerFromFlags(parsed, env);
  if (choice === null) throw new UsageError('--embed-model needs --provider');
  if (choice.provider.kind === 'anthropic') throw new UsageError('--provider anthropic has no embeddings API; --embed-model needs openai or openai-compatible');
  try {
    const embedder = createEmbedder({ provider: choice.provider, model, apiKey: choice.apiKey, fetch: nodeFetch, allowBrowser: false, dimensions: intFlag(parsed, 'dimensions', DEFAULT_EMBEDDING_DIMENSIONS) });
    const build = parsed.booleans.has('yes');
    return new SemanticIndex(vault, embedder, { sliceMs: 200, build, walled, ...(build ? { consent: () => true } : {}) });
  } catch (e) {
    if (e instanceof LlmError) throw new UsageError(e.message);
    throw e;
  }
}
