// Running a call that is expected to fail, collecting its events.

import type { LlmError } from '../../../src/agents/llm/llm-error';
import type { LlmEvent } from '../../../src/agents/llm/stream-events';
import type { ScriptedLlmServer } from '../../llm-server';
import { clientFor, type ClientSetup } from './client-fixtures';

export const ask = {
  messages: [{ role: 'user' as const, content: 'Go' }],
  tools: [{ name: 'move', description: 'Moves a file', parameters: { type: 'object' } }],
};

export async function runCall(server: ScriptedLlmServer, setup: ClientSetup, signal?: AbortSignal): Promise<LlmEvent[]> {
  const events: LlmEvent[] = [];
  for await (const e of clientFor(server, setup).stream({ ...ask, ...(signal ? { signal } : {}) })) events.push(e);
  return events;
}

export async function failure(server: ScriptedLlmServer, setup: ClientSetup, signal?: AbortSignal): Promise<{ error: LlmError; events: LlmEvent[] }> {
  const events = await runCall(server, setup, signal);
  const last = events.at(-1);
  if (last?.type !== 'error') throw new Error(`expected an error, got ${JSON.stringify(last)}`);
  return { error: last.error, events };
}
