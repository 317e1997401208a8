// The HTTP call the JSON search providers share: a request, a status check with a message that
// names the provider, and the parsed JSON.

import type { FetchLike } from '../../llm/fetch-like';
import { WebSearchError, type SearchProviderKind } from './web-search-provider';

export interface SearchRequest {
  provider: SearchProviderKind;
  fetch: FetchLike;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal;
}

export async function searchJson(request: SearchRequest): Promise<unknown> {
  const { provider } = request;
  let response: Response;
  try {
    response = await request.fetch(request.url, {
      method: request.method,
      headers: { accept: 'application/json', ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}), ...request.headers },
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      ...(request.signal ? { signal: request.signal } : {}),
    });
  } catch (error) {
    if (request.signal?.aborted) throw new WebSearchError(provider, `${provider} search was stopped`);
    throw new WebSearchError(provider, `${provider} search could not connect (${error instanceof Error ? error.message : String(error)})`);
  }
  const text = await response.text();
  if (!response.ok) {
    const hint = response.status === 401 || response.status === 403 ? ': check the API key' : response.status === 429 ? ': rate limited, try again later' : '';
    throw new WebSearchError(provider, `${provider} search answered ${response.status}${hint}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new WebSearchError(provider, `${provider} search answered with something that is not JSON`);
  }
}

/** `value[key]` as a list of objects, or an empty list. */
export function objectList(value: unknown, ...path: string[]): Record<string, unknown>[] {
  let current: unknown = value;
  for (const key of path) current = isObject(current) ? current[key] : undefined;
  return Array.isArray(current) ? current.filter(isObject) : [];
}

export function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
