// The Web agent's public surface, for the pipeline, the CLI and the plugin.
export { runWebAgent, untrustedWebSection, type WebAgentOptions } from './run-web-agent';
export type { WebContext, WebEvent, WebSource, PageStatus } from './web-context';
export { DEFAULT_WEB_SETTINGS, DEFAULT_PAGE_LIMITS, clampWebSettings, type WebAgentSettings } from './web-settings';
export { createPageFetcher, type PageFetcher, type PageFetcherOptions, type PageFetchResult, type FetchedPage } from './page-fetcher';
export type { ResolveHost } from './check-url';
export type { ParseHtml } from './extract/extract-page';
export { createWebSearchProvider, SEARCH_KEY_ENV_VARS, SEARCH_BASE_URLS, type WebSearchProviderConfig } from './search/create-web-search-provider';
export { SEARCH_PROVIDER_KINDS, WebSearchError, type SearchProviderKind, type WebSearchProvider, type WebSearchResult } from './search/web-search-provider';
