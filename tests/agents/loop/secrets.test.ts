// API keys never appear in events, errors or logs, even when the provider echoes the key back
// (OpenAI's 401 names the key it was given).

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../../src/agents/loop/agent-events';
import { runAgentLoop } from '../../../src/agents/loop/agent-loop';
import { LlmError } from '../../../src/agents/llm/llm-error';
import { reply, startScriptedLlmServer, type ScriptedLlmServer } from '../../llm-server';
import { clientFor, FAKE_KEY, RecordingClock } from '../llm/client-fixtures';
import { notesTools } from './notes-tools';

let server: ScriptedLlmServer;
const logged: string[] = [];
beforeAll(async () => {
  server = await startScriptedLlmServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  logged.length = 0;
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    });
  }
});
afterEach(() => vi.restoreAllMocks());

/** Every fragment of the key that would identify it. */
const FRAGMENTS = [FAKE_KEY, FAKE_KEY.slice(0, 12), FAKE_KEY.slice(-8)];

function expectNoKey(text: string): void {
  for (const fragment of FRAGMENTS) expect(text).not.toContain(fragment);
}

const echoKey = (status: number) => (request: { headers: Record<string, string> }) =>
  reply.error(status, `Incorrect API key provided: ${(request.headers.authorization ?? '').replace('Bearer ', '')}. Partial: ${FAKE_KEY.slice(0, 12)}****${FAKE_KEY.slice(-8)}`);

describe.each(['openai', 'anthropic'] as const)('%s', (kind) => {
  it.each([401, 503])('keeps the key out of events, errors and logs when a %i echoes it', async (status) => {
    server.respondWith(echoKey(status));
    const events: AgentEvent[] = [];
    const result = await runAgentLoop({
      client: clientFor(server, { kind, clock: new RecordingClock() }),
      tools: notesTools(),
      messages: [{ role: 'user', content: 'Go' }],
      onEvent: (e) => events.push(e),
    });
    expect(result.stop).toBe('error');
    const error = result.error;
    expect(error).toBeInstanceOf(LlmError);
    // The echo did reach us (so the check below is not vacuous) and was redacted.
    expect(error?.message).toContain('Incorrect API key provided: [redacted]');
    expect(server.requests[0]?.headers.authorization).toContain(FAKE_KEY);
    const everything = [JSON.stringify(events), error?.message ?? '', error?.stack ?? '', String(error), JSON.stringify(error), JSON.stringify(result), ...logged].join('\n');
    expectNoKey(everything);
    if (status === 503) expect(events.filter((e) => e.type === 'model' && e.event.type === 'retry')).toHaveLength(3);
  });

  it('keeps the key out of an error thrown by complete()', async () => {
    server.respondWith(echoKey(403));
    const error = await clientFor(server, { kind }).complete({ messages: [{ role: 'user', content: 'Go' }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).kind).toBe('auth');
    expect((error as LlmError).message).toContain('[redacted]');
    expectNoKey(`${String(error)} ${(error as Error).stack ?? ''} ${JSON.stringify(error)} ${logged.join('\n')}`);
  });
});
