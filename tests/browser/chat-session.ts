// What the chat browser tests share: per test file, one Chromium session (session.ts) and one
// scripted model server, closed after the file; the model's script is reset before each test.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../llm-server';
import { startSession, type Session } from './session';

export interface ChatSession {
  s: Session;
  llm: ScriptedLlmServer;
}

/** Registers the file's hooks; the fields are set once `beforeAll` has run. */
export function useChatSession(): ChatSession {
  const ctx = {} as Partial<ChatSession>;
  beforeAll(async () => {
    ctx.llm = await startScriptedLlmServer();
    ctx.s = await startSession();
  });
  afterAll(async () => {
    await ctx.s?.close();
    await ctx.llm?.close();
  });
  beforeEach(() => ctx.llm?.reset());
  return ctx as ChatSession;
}
