// @vitest-environment happy-dom
// Inside Obsidian the SDKs run in a browser-like renderer, where they refuse to start unless told
// it is intended (`dangerouslyAllowBrowser`). The plugin passes allowBrowser: true; the CLI and
// everything under plain Node pass false. Under a DOM, both SDKs must refuse without the flag and
// work with it, or the plugin could not talk to any provider.
import '../../obsidian/dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLlmClient } from '../../../src/agents/llm/create-client';
import { reply, startScriptedLlmServer, type ScriptedLlmServer } from '../../llm-server';
import { FAKE_KEY, nodeFetch, profileFor, providerFor, RecordingClock } from './client-fixtures';

let server: ScriptedLlmServer;
beforeAll(async () => {
  server = await startScriptedLlmServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

function client(kind: 'openai' | 'anthropic', allowBrowser: boolean) {
  const provider = providerFor(server, { kind });
  return createLlmClient({ provider, profile: profileFor(provider, { kind, streaming: false }), apiKey: FAKE_KEY, fetch: nodeFetch, allowBrowser, clock: new RecordingClock(), random: () => 0.5 });
}

describe.each(['openai', 'anthropic'] as const)('the %s SDK in a browser-like window', (kind) => {
  it('refuses to start without allowBrowser, before any request', async () => {
    expect(typeof window).toBe('object');
    const attempt = (async () => client(kind, false).complete({ messages: [{ role: 'user', content: 'hi' }] }))();
    await expect(attempt).rejects.toThrow(/browser/i);
    expect(server.chatRequests()).toHaveLength(0);
  });

  it('works with allowBrowser, as the plugin builds it', async () => {
    server.script(reply.text('hello from the scripted server'));
    const result = await client(kind, true).complete({ messages: [{ role: 'user', content: 'hi' }] });
    expect(result.text).toBe('hello from the scripted server');
  });
});
