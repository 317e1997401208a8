// The plugin's page fetcher and search provider: Obsidian's requestUrl, since web pages do not allow cross-origin
// fetch from the app. requestUrl resolves names and follows redirects by itself, buffers the whole
// body and cannot be interrupted, so in the plugin only the URL Reeve asks for is checked
// (scheme, literal addresses in every form, local names), the size limit applies after the
// download, and a stopped fetch finishes in the background with its result dropped. docs/
// security-and-network.md tells users this; the CLI's transport checks every address it connects to.
// Search APIs do not allow cross-origin requests from the app either, so searches go the same way.

import { requestUrl } from 'obsidian';
import { makeRequestUrlFetch, type RequestUrlFn } from '../llm/obsidian-request-fetch';
import { createPageFetcher, type PageFetcher } from './page-fetcher';
import { createWebSearchProvider, type WebSearchProviderConfig } from './search/create-web-search-provider';
import type { WebSearchProvider } from './search/web-search-provider';
import { DEFAULT_PAGE_LIMITS } from './web-settings';

export function createPluginPageFetcher(allowPrivateHosts: boolean, requestUrlFn: RequestUrlFn = (param) => requestUrl(param)): PageFetcher {
  return createPageFetcher({ fetch: makeRequestUrlFetch(requestUrlFn), allowPrivateHosts, ...DEFAULT_PAGE_LIMITS });
}

export function createPluginSearchProvider(config: Omit<WebSearchProviderConfig, 'fetch' | 'allowBrowser'>, requestUrlFn: RequestUrlFn = (param) => requestUrl(param)): WebSearchProvider {
  return createWebSearchProvider({ ...config, fetch: makeRequestUrlFetch(requestUrlFn), allowBrowser: true });
}
