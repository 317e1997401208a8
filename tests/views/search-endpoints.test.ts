// @vitest-environment happy-dom
// The chat's web search as the plugin sets it up: the chosen provider is sent its own key and
// address and nothing of another provider's, whatever keys are stored and however often the user
// switches provider in the settings. The provider runs through Obsidian's request function, here
// the Node one that behaves as the app's (the runtime's own answers every request with an empty 200).
import '../obsidian/dom';
import fc from 'fast-check';
import { App } from 'obsidian-test-mocks/obsidian';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_PROVIDER_KINDS, type SearchProviderKind } from '../../src/agents/web';
import { DEFAULT_SETTINGS, setSettingValue } from '../../src/settings/settings';
import type { RequestUrlFn } from '../../src/agents/llm/obsidian-request-fetch';
import { searchProviderFromSettings } from '../../src/views/chat/ask-deps-from-plugin';
import { startLoopbackWeb, type LoopbackWeb } from '../agents/web/loopback-web';

vi.mock('obsidian', async (importOriginal) => ({ ...(await importOriginal<Record<string, unknown>>()), requestUrl: httpRequestUrl }));

/** Obsidian's requestUrl as the app has it for these calls: the whole reply buffered, no CORS (node:http; the DOM environment's fetch would check CORS). */
async function httpRequestUrl(param: Parameters<RequestUrlFn>[0]): ReturnType<RequestUrlFn> {
  const { request } = await import('node:http');
  const headers: Record<string, string> = { ...param.headers, ...(param.contentType ? { 'content-type': param.contentType } : {}) };
  return new Promise((resolve, reject) => {
    const req = request(param.url, { method: param.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const buf = Buffer.concat(chunks);
        const text = buf.toString('utf8');
        const arrayBuffer = buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
        const h = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)]));
        resolve({
          status: res.statusCode ?? 0,
          headers: h,
          arrayBuffer,
          text,
          get json(): unknown {
            return JSON.parse(text) as unknown;
          },
        });
      });
    });
    req.on('error', reject);
    if (typeof param.body === 'string') req.write(param.body);
    else if (param.body) req.write(Buffer.from(param.body));
    req.end();
  });
}

/** The JSON providers (OpenAI's search goes through its SDK and is covered by its own tests). */
const JSON_KINDS = SEARCH_PROVIDER_KINDS.filter((k) => k !== 'openai');
const secretOf = (k: SearchProviderKind): string => `SECRET-${k}-4f9a`;

let web: LoopbackWeb;
beforeAll(async () => {
  web = await startLoopbackWeb();
});
afterAll(() => web.close());
beforeEach(() => {
  web.reset();
  routes();
});

/** Every JSON provider's search path, answering no results. */
function routes(): void {
  const empty = { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ results: [], web: { results: [] }, organic: [] }) };
  web.route('/search', empty);
  web.route('/res/v1/web/search', empty);
}

/** Everything the provider sent: path, headers and body. */
function sent(): string {
  return JSON.stringify(web.requests.map((r) => [r.path, r.headers, r.body]));
}

describe('searchProviderFromSettings', () => {
  it("sends Brave its key, and SearXNG none of it after the switch (the old single key's leak)", async () => {
    const h = { app: App.createConfigured__({ files: {} }) };
    h.app.secretStorage.setSecret('brave-key', secretOf('brave'));
    const settings = structuredClone(DEFAULT_SETTINGS);
    expect(setSettingValue(settings, 'agents.web.provider', 'brave')).toEqual([]);
    expect(setSettingValue(settings, 'agents.web.apiKeySecrets.brave', 'brave-key')).toEqual([]);
    expect(setSettingValue(settings, 'agents.web.baseUrls.brave', web.origin)).toEqual([]);
    await searchProviderFromSettings(h.app as never, { ...settings.agents.web, provider: 'brave' }).search('solar', 3);
    expect(web.requests[0]?.headers['x-subscription-token']).toBe(secretOf('brave'));
    web.reset();
    routes();
    expect(setSettingValue(settings, 'agents.web.provider', 'searxng')).toEqual([]);
    expect(setSettingValue(settings, 'agents.web.baseUrls.searxng', web.origin)).toEqual([]);
    await searchProviderFromSettings(h.app as never, { ...settings.agents.web, provider: 'searxng' }).search('solar', 3);
    expect(web.requests.map((r) => `${r.method} ${r.path.split('?')[0] ?? ''}`)).toEqual(['GET /search']);
    expect(web.requests[0]?.headers.authorization).toBeUndefined();
    expect(sent()).not.toContain(secretOf('brave'));
  });

  it('any keys stored, any provider switches: each search carries its own provider key, no other (property)', async () => {
    const h = { app: App.createConfigured__({ files: {} }) };
    for (const k of SEARCH_PROVIDER_KINDS) h.app.secretStorage.setSecret(`key-${k}`, secretOf(k));
    await fc.assert(
      fc.asyncProperty(fc.subarray([...SEARCH_PROVIDER_KINDS]), fc.array(fc.constantFrom(...JSON_KINDS), { minLength: 1, maxLength: 4 }), async (keyed, switches) => {
        const settings = structuredClone(DEFAULT_SETTINGS);
        for (const k of keyed) expect(setSettingValue(settings, `agents.web.apiKeySecrets.${k}`, `key-${k}`)).toEqual([]);
        for (const k of JSON_KINDS) expect(setSettingValue(settings, `agents.web.baseUrls.${k}`, web.origin)).toEqual([]);
        for (const kind of switches) {
          expect(setSettingValue(settings, 'agents.web.provider', kind)).toEqual([]);
          web.reset();
          routes();
          let provider;
          try {
            provider = searchProviderFromSettings(h.app as never, { ...settings.agents.web, provider: kind });
          } catch (e) {
            // Brave, Tavily and Serper cannot run without their own key; nothing is sent.
            expect(keyed).not.toContain(kind);
            expect(kind).not.toBe('searxng');
            expect(String(e)).toMatch(/needs an API key/);
            continue;
          }
          await provider.search('solar', 3);
          const text = sent();
          for (const other of SEARCH_PROVIDER_KINDS) expect(text.includes(secretOf(other))).toBe(other === kind && keyed.includes(kind));
        }
      }),
      { numRuns: 40 },
    );
  });
});
