// A small real vault on disk for the organize agent's tests, and helpers to read what the model
// was told (tool results, from the loop's events).
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { AgentEvent } from '../../../src/agents/loop/agent-events';
import { makeTempVault, type TempVault } from '../../helpers/temp-vault';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../llm-server';

export const INBOX_FILES: Record<string, string> = {
  'Inbox/pasta recipe.md': '# Pasta\nA recipe with tomatoes.',
  'Inbox/bread recipe.md': '# Bread\nA recipe with flour.',
  'Inbox/invoice-2024-001.pdf': '%PDF-1.4 invoice one',
  'Inbox/invoice-2024-002.pdf': '%PDF-1.4 invoice two',
  'Inbox/out-of-here.md': 'wants to leave',
  'Inbox/cfg notes.md': 'wants to be config',
  'Inbox/clash.md': 'wants to replace existing',
  'Inbox/existing.md': 'already here',
  'Inbox/misc thought.md': 'nothing in particular',
  'Archive/old.md': 'outside the folder',
};

export function inboxVault(): Promise<TempVault> {
  return makeTempVault(INBOX_FILES);
}

/** The tool results the model received, in order, with their status. */
export function toolResults(events: readonly AgentEvent[]): { name: string; status: string; content: string }[] {
  return events.flatMap((e) => (e.type === 'tool_result' ? [{ name: e.call.name, status: e.status, content: e.content }] : []));
}

export const hermes = (name: string, args: unknown): string => `<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;

export interface AgentTestEnv {
  /** The scripted LLM server of the test file, reset before each test. */
  readonly server: ScriptedLlmServer;
  /** A fresh vault on disk (the inbox vault unless `files` are given), removed after the test. */
  vault(files?: Record<string, string>): Promise<TempVault>;
}

/** Registers the hooks every organize-agent test file needs and returns what they set up. */
export function agentTestEnv(): AgentTestEnv {
  let server: ScriptedLlmServer | undefined;
  const vaults: TempVault[] = [];
  beforeAll(async () => {
    server = await startScriptedLlmServer();
  });
  afterAll(() => server?.close());
  beforeEach(() => server?.reset());
  afterEach(async () => {
    for (const v of vaults.splice(0)) await v.cleanup();
  });
  return {
    get server(): ScriptedLlmServer {
      if (!server) throw new Error('the scripted server starts in beforeAll');
      return server;
    },
    async vault(files) {
      const tv = await makeTempVault(files ?? INBOX_FILES);
      vaults.push(tv);
      return tv;
    },
  };
}
