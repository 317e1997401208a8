// Where each web search provider is reached, in data.json: per provider, its base URL (empty for
// its public endpoint; SearXNG needs one) and the name of the secret in Obsidian's secret storage
// that holds its key (never the key). A provider is only ever given its own URL and key, so
// switching from Brave to a SearXNG instance sends neither the Brave key to that instance nor a
// later Brave search to the instance's address.
//
// Earlier versions kept one `baseUrl` and one `apiKeySecret` for whichever provider was chosen.
// On load they become the chosen provider's own. A key with no provider, or with SearXNG (whose
// row never offered one), cannot be placed: it is dropped with a problem naming it (the secret
// stays in secret storage, to be picked again). A URL with no provider goes to SearXNG, the one
// provider that needs a URL.
import { SEARCH_PROVIDER_KINDS, type SearchProviderKind } from '../agents/web/search/web-search-provider';
import { isRecord, readString } from './read-fields';

export type PerSearchProvider = Record<SearchProviderKind, string>;

export function perSearchProvider(): PerSearchProvider {
  return Object.fromEntries(SEARCH_PROVIDER_KINDS.map((k) => [k, ''])) as PerSearchProvider;
}

/** `r[key]` as a text per provider; unknown providers and non-text values are named and left out. */
function readPer(r: Record<string, unknown>, key: string, where: string, problems: string[], trim: boolean): PerSearchProvider | null {
  const raw = r[key];
  if (raw === undefined) return null;
  const out = perSearchProvider();
  if (!isRecord(raw)) {
    problems.push(`${where}.${key} should hold a value per search provider; using none`);
    return out;
  }
  for (const k of SEARCH_PROVIDER_KINDS) {
    const value = readString(raw, k, `${where}.${key}`, problems, '');
    out[k] = trim ? value.trim() : value;
  }
  for (const k of Object.keys(raw)) if (!(SEARCH_PROVIDER_KINDS as readonly string[]).includes(k)) problems.push(`${where}.${key}.${k} is not a search provider; left out`);
  return out;
}

/** The per-provider base URLs of the web section `r` (at `where`), or the old single `baseUrl` migrated. */
export function readSearchBaseUrls(r: Record<string, unknown>, where: string, provider: SearchProviderKind | 'none', problems: string[]): PerSearchProvider {
  const stored = readPer(r, 'baseUrls', where, problems, true);
  if (stored !== null) return stored;
  const out = perSearchProvider();
  const legacy = readString(r, 'baseUrl', where, problems, '').trim();
  if (legacy !== '') out[provider === 'none' ? 'searxng' : provider] = legacy;
  return out;
}

/** The per-provider key secret names of the web section `r`, or the old single `apiKeySecret` migrated. */
export function readSearchKeySecrets(r: Record<string, unknown>, where: string, provider: SearchProviderKind | 'none', problems: string[]): PerSearchProvider {
  const stored = readPer(r, 'apiKeySecrets', where, problems, false);
  if (stored !== null) return stored;
  const out = perSearchProvider();
  const legacy = readString(r, 'apiKeySecret', where, problems, '');
  if (legacy === '') return out;
  if (provider !== 'none' && provider !== 'searxng') out[provider] = legacy;
  else problems.push(`${where}.apiKeySecret "${legacy}" is not tied to a search provider that takes a key (the provider is ${provider}), so it is no longer used; pick it again under "Web agent" for its provider`);
  return out;
}
