// The plugin's MCP endpoint in the production bundle, in the Obsidian test runtime: off by default;
// when turned on it starts only after layout ready, on 127.0.0.1 at the port of the settings, with
// the token from SecretStorage, and the SDK's own client connects, lists the tools and shows up as
// a connected agent; turning it off in the settings tab or unloading the plugin stops it. On a
// phone nothing starts and Node's `http` is never required.
// The DOM is happy-dom's, installed beside Node's globals (happy-dom-globals.ts), not vitest's
// happy-dom environment, whose fetch is a browser's: the SDK client here is a program, not a page.
import { request } from 'node:http';
import { createServer } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { App, Platform, type Plugin } from 'obsidian-test-mocks/obsidian';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildPluginBundle, removePluginBundle } from '../obsidian/build-bundle';
import { installDomGlobals } from '../obsidian/happy-dom-globals';
import { loadBundle, readManifest, requiredBuiltins } from '../obsidian/load-bundle';

const DESKTOP = { ...Platform };
const PHONE = { ...DESKTOP, isDesktop: false, isDesktopApp: false, isMobile: true, isMobileApp: true, isPhone: true, isAndroidApp: true, isWin: false };
const SECRET = 'reeve-mcp-token';

type McpPlugin = Plugin & { mcpServer: { clients(): { name: string; calls: number }[]; url(): string | null; status(): string } | null };

let bundle = '';
const loaded: Plugin[] = [];
beforeAll(async () => {
  await installDomGlobals();
  bundle = await buildPluginBundle();
}, 120_000);
afterAll(() => removePluginBundle(bundle));
afterEach(async () => {
  for (const p of loaded.splice(0)) p.unload();
  Object.assign(Platform, DESKTOP);
  await settle();
});

async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 5));
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

/** The status of a GET on a fresh connection (no pooled socket of a server that has since restarted), or null when nothing listens. */
function get(port: number, token = ''): Promise<number | null> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/mcp', method: 'GET', agent: false, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(null));
    req.end();
  });
}

async function listening(port: number): Promise<boolean> {
  return (await get(port)) !== null;
}

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('timed out');
}

const FILES = {
  'a.md': 'a\n',
  'Garden/Tomatoes.md': '# Tomatoes\nTomatoes need full sun and deep watering.\n',
  'Private/Diary.md': '# Diary\ntomatoes and the secret code hunter2\n',
};

async function startPlugin(settings: unknown, layoutReady = true): Promise<{ app: App; plugin: McpPlugin }> {
  const app = App.createConfigured__({ files: FILES });
  const folder = `${app.vault.configDir}/plugins/reeve`;
  await app.vault.adapter.mkdir(folder);
  await app.vault.adapter.write(`${folder}/data.json`, JSON.stringify(settings));
  requiredBuiltins.length = 0;
  const plugin = new (loadBundle(bundle))(app, readManifest()) as McpPlugin;
  loaded.push(plugin);
  plugin.load();
  await settle();
  if (layoutReady) {
    app.workspace.setLayoutReady__();
    await settle();
  }
  return { app, plugin };
}

describe("the plugin's MCP server", () => {
  it('is off by default: nothing listens and no token is made', async () => {
    const port = await freePort();
    const { app, plugin } = await startPlugin({ mcpServer: { port } });
    expect(await listening(port)).toBe(false);
    expect(plugin.mcpServer?.status()).toBe('Off.');
    expect(app.secretStorage.getSecret(SECRET)).toBeNull();
    expect(requiredBuiltins).not.toContain('node:http');
  });

  it('when on, starts after layout ready with the stored token, serves the SDK client, and stops on unload', async () => {
    const port = await freePort();
    const { app, plugin } = await startPlugin({ mcpServer: { enabled: true, port } }, false);
    expect(await listening(port)).toBe(false);
    app.workspace.setLayoutReady__();
    await waitFor(() => listening(port));
    expect(plugin.mcpServer?.url()).toBe(`http://127.0.0.1:${port}/mcp`);
    const token = app.secretStorage.getSecret(SECRET) ?? '';
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const client = new Client({ name: 'Claude Code', version: '2.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    expect(client.getServerVersion()?.name).toBe('reeve');
    const tools = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(tools).toEqual(['list_notes', 'list_tags', 'pending_status', 'propose_edits', 'propose_organize', 'read_note', 'related', 'search']);
    expect(await client.callTool({ name: 'write_note', arguments: { path: 'a.md' } })).toMatchObject({ isError: true });
    expect(plugin.mcpServer?.clients()).toEqual([expect.objectContaining({ name: 'Claude Code', calls: 1 })]);
    expect(await get(port, 'not-the-token-at-all')).toBe(401);
    await client.close();
    plugin.unload();
    loaded.length = 0;
    await waitFor(async () => !(await listening(port)));
  });

  it('serves the vault through the walls of the settings, and a proposal lands as a pending block in the note', async () => {
    const port = await freePort();
    const { app } = await startPlugin({ mcpServer: { enabled: true, port }, excludedFolders: ['Private'] });
    await waitFor(() => listening(port));
    const token = app.secretStorage.getSecret(SECRET) ?? '';
    const client = new Client({ name: 'Codex', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    const text = (r: unknown): string => JSON.stringify(r);
    // The keyword index is built after layout ready; search until it answers.
    let found = '';
    await waitFor(async () => {
      found = text(await client.callTool({ name: 'search', arguments: { query: 'tomatoes' } }));
      return found.includes('Garden/Tomatoes.md');
    });
    expect(found).not.toContain('Diary');
    expect(found).not.toContain('hunter2');
    const walled = await client.callTool({ name: 'read_note', arguments: { path: 'Private/Diary.md' } });
    const missing = await client.callTool({ name: 'read_note', arguments: { path: 'Private/Nothing.md' } });
    expect(walled.isError).toBe(true);
    expect(text(walled.content).replace('Diary', 'X')).toBe(text(missing.content).replace('Nothing', 'X'));
    expect(text(await client.callTool({ name: 'list_notes', arguments: {} }))).not.toContain('Private');
    const read = await client.callTool({ name: 'read_note', arguments: { path: 'Garden/Tomatoes.md' } });
    expect(text(read)).toContain('full sun');
    const proposed = await client.callTool({ name: 'propose_edits', arguments: { summary: 'water less', edits: [{ file: 'Garden/Tomatoes.md', find: 'deep watering', replace: 'deep, rare watering' }] } });
    expect(proposed.isError).toBeFalsy();
    const note = await app.vault.adapter.read('Garden/Tomatoes.md');
    expect(note).toContain('```ai-edit');
    expect(note).toContain('deep, rare watering');
    expect(await app.vault.adapter.read('Private/Diary.md')).toBe(FILES['Private/Diary.md']);
    const status = text(await client.callTool({ name: 'pending_status', arguments: {} }));
    expect(status).toContain('pending');
    await client.close();
  });

  it('follows the settings tab: off stops it, on starts it again, a new port moves it, Regenerate locks out the old token', async () => {
    const [port, other] = [await freePort(), await freePort()];
    const { app, plugin } = await startPlugin({ mcpServer: { enabled: true, port } });
    await waitFor(() => listening(port));
    const tab = (plugin as unknown as { settingTabs__: { setControlValue(key: string, value: unknown): Promise<void> }[] }).settingTabs__[0];
    await tab?.setControlValue('mcpServer.enabled', false);
    await waitFor(async () => !(await listening(port)));
    await tab?.setControlValue('mcpServer.enabled', true);
    await waitFor(() => listening(port));
    await tab?.setControlValue('mcpServer.port', other);
    await waitFor(async () => (await listening(other)) && !(await listening(port)));
    const old = app.secretStorage.getSecret(SECRET);
    app.secretStorage.setSecret(SECRET, 'a-new-token-from-regenerate-0123456789');
    await (plugin.mcpServer as unknown as { sync(): Promise<void> }).sync();
    const ping = (token: string | null): Promise<number | null> => get(other, token ?? '');
    expect(await ping(old)).toBe(401);
    expect(await ping('a-new-token-from-regenerate-0123456789')).toBe(405);
  });

  it('takes a settings change at the next call, keeping what the agent read; reads Obsidian\'s config files only to plan', async () => {
    const port = await freePort();
    const { app, plugin } = await startPlugin({ mcpServer: { enabled: true, port }, excludedFolders: ['Private'] });
    await waitFor(() => listening(port));
    const client = new Client({ name: 'Claude Code', version: '2.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${app.secretStorage.getSecret(SECRET) ?? ''}` } } }));
    const text = (r: unknown): string => JSON.stringify(r);
    await waitFor(async () => text(await client.callTool({ name: 'search', arguments: { query: 'tomatoes' } })).includes('Garden/Tomatoes.md'));
    // Read calls read none of Obsidian's own configuration (attachment folder, templates, daily notes).
    const reads: string[] = [];
    const read = app.vault.adapter.read.bind(app.vault.adapter);
    app.vault.adapter.read = (path: string) => {
      reads.push(path);
      return read(path);
    };
    const configReads = (): string[] => reads.filter((p) => p.startsWith(`${app.vault.configDir}/`) && !p.startsWith(`${app.vault.configDir}/plugins/`));
    expect(text(await client.callTool({ name: 'read_note', arguments: { path: 'Garden/Tomatoes.md' } }))).toContain('full sun');
    for (let i = 0; i < 5; i++) await client.callTool({ name: 'search', arguments: { query: 'tomatoes' } });
    await client.callTool({ name: 'list_notes', arguments: {} });
    expect(configReads()).toEqual([]);

    // The user walls off another folder in the settings tab: the next call holds it, and the
    // agent's context (the notes it read) is kept for what stays outside the walls.
    const tab = (plugin as unknown as { settingTabs__: { setControlValue(key: string, value: unknown): Promise<void> }[] }).settingTabs__[0];
    await tab?.setControlValue('excludedFolders', 'Private\nArchive');
    await app.vault.adapter.mkdir('Archive');
    await app.vault.create('Archive/Old tomatoes.md', 'old tomatoes\n');
    expect((await client.callTool({ name: 'read_note', arguments: { path: 'Archive/Old tomatoes.md' } })).isError).toBe(true);
    const proposed = await client.callTool({ name: 'propose_edits', arguments: { summary: 'shade', edits: [{ file: 'Garden/Tomatoes.md', find: 'full sun', replace: 'full sun, some shade' }] } });
    expect(text(proposed)).not.toContain('outside the editable scope');
    expect(proposed.isError).toBeFalsy();
    // Planning reads the configuration as it is at that moment.
    expect((await client.callTool({ name: 'propose_organize', arguments: { folder: 'Garden' } })).isError).toBeFalsy();
    expect(configReads().length).toBeGreaterThan(0);
    await client.close();
  });

  it('on a phone: nothing starts, even when turned on, and no Node module is required', async () => {
    Object.assign(Platform, PHONE);
    const port = await freePort();
    const { plugin } = await startPlugin({ mcpServer: { enabled: true, port } });
    await settle();
    expect(await listening(port)).toBe(false);
    expect(plugin.mcpServer?.status()).toBe('Not offered on phones and tablets.');
    expect(requiredBuiltins).toEqual([]);
  });
});
