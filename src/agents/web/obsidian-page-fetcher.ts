// The plugin's page fetcher: Obsidian's requestUrl, since web pages do not allow cross-origin
// fetch from the app. requestUrl resolves names and follows redirects by itself, buffers the whole
// body and cannot be interrupted, so in the plugin only the URL Steward asks for is checked
// (scheme, literal addresses in every form, local names), the size limit applies after the
// download, and a stopped fetch finishes in the background with its result dropped. README,
// "Web agent", tells users this; the CLI's transport checks every address it connects to.

import { requestUrl } from 'obsidian';
import { makeRequestUrlFetch, type RequestUrlFn } from '../llm/obsidian-request-fetch';
import { createPageFetcher, type PageFetcher } from './page-fetcher';
import { DEFAULT_PAGE_LIMITS } from './web-settings';

export function createPluginPageFetcher(allowPrivateHosts: boolean, requestUrlFn: RequestUrlFn = (param) => requestUrl(param)): PageFetcher {
  return createPageFetcher({ fetch: makeRequestUrlFetch(requestUrlFn), allowPrivateHosts, ...DEFAULT_PAGE_LIMITS });
}
