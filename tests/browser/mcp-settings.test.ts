// The settings tab's "MCP server for other agents" in real Chromium, with the real styles.css:
// off (the status says so, no agent list), then turned on by a click on the toggle with a real
// endpoint running (the plugin's Streamable HTTP server, in this process) and the SDK's own
// client connected to it as "Claude Code": the status names the URL, the connected agent is
// listed with its calls, the token is never shown, and Copy puts the Claude Code command with
// the port and the token on the clipboard. Screenshots of both states are saved to a temp folder
// (REEVE_SCREENSHOTS names another) for a person to look at.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpHttpServer, type McpHttpServer } from '../../src/mcp/http/http-server';
import { DEFAULT_SETTINGS } from '../../src/settings/settings';
import { claudeCodeCommand } from '../../src/views/mcp/client-config';
import { SmallToolHost } from '../mcp/small-tool-host';
import { bundlePageScript, serveTestPage, type TestPageServer } from './test-page';
import type { McpSettingsPage } from './page/mcp-settings-page';

declare global {
  interface Window {
    reeveMcp: McpSettingsPage;
  }
}

const CHROMIUM = process.env.REEVE_CHROMIUM ?? '/usr/bin/chromium';
const TOKEN = 'f00dfeed'.repeat(8);
const PORT = DEFAULT_SETTINGS.mcpServer.port;
const shots = process.env.REEVE_SCREENSHOTS ?? mkdtempSync(path.join(tmpdir(), 'reeve-mcp-settings-'));

let server: TestPageServer;
let browser: Browser;
let page: Page;
let endpoint: McpHttpServer;
let agent: Client;
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await serveTestPage(await bundlePageScript('mcp-settings-page.ts'));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'], timeout: 30_000 });
  const context = await browser.newContext({ viewport: { width: 820, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
  page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(`${server.origin}/`);
  await page.addStyleTag({ path: path.join(import.meta.dirname, 'page', 'obsidian-settings.css') });
  await page.waitForFunction(() => typeof window.reeveMcp === 'object');
  // The endpoint the toggle turns on, and an agent connected to it with one call made.
  endpoint = await startMcpHttpServer({ host: new SmallToolHost(), port: 0, token: TOKEN, serverInfo: { name: 'reeve', version: '0.1.0' } });
  agent = new Client({ name: 'Claude Code', version: '2.1.0' });
  await agent.connect(new StreamableHTTPClientTransport(new URL(endpoint.url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }));
  await agent.callTool({ name: 'echo', arguments: { text: 'hello' } });
});

afterAll(async () => {
  await agent?.close();
  await endpoint?.close();
  await browser?.close();
  await server?.close();
});

const section = (): ReturnType<Page['locator']> => page.locator('#settings');
const row = (name: string): ReturnType<Page['locator']> => section().locator('.setting-item', { has: page.locator('.setting-item-name', { hasText: new RegExp(`^${name}$`) }) });

describe('the MCP settings section in Chromium', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`off, then on with a connected agent (${theme} theme)`, async () => {
      await page.evaluate(([t, th]) => window.reeveMcp.open(t, th), [TOKEN, theme] as const);
      await page.evaluate((e) => window.reeveMcp.serve(e), { url: endpoint.url, clients: endpoint.clients() });
      expect(endpoint.clients().map((c) => [c.name, c.version, c.calls])).toEqual([['Claude Code', '2.1.0', 1]]);

      // Off: the heading, the rows in order, the status, no agent list, the toggle off.
      await expect(section().locator('.setting-item-heading').innerText()).resolves.toBe('MCP server for other agents');
      const names = await section().locator('.setting-item:not(.setting-item-heading) > .setting-item-info > .setting-item-name').allInnerTexts();
      expect(names).toEqual(['Serve MCP to other agents', 'Port', 'Token', 'Claude Code', 'Claude Desktop', 'Connected agents']);
      // Sentence case: only the first word (and names: MCP, Claude) capitalised.
      for (const n of names) expect(n.replace(/\b(MCP|Claude|Code|Desktop)\b/g, 'x').slice(1)).toBe(n.replace(/\b(MCP|Claude|Code|Desktop)\b/g, 'x').slice(1).toLowerCase());
      await expect(row('Connected agents').locator('.setting-item-description').innerText()).resolves.toBe('Off.');
      await expect(row('Connected agents').locator('li').count()).resolves.toBe(0);
      await expect(row('Serve MCP to other agents').locator('.checkbox-container.is-enabled').count()).resolves.toBe(0);
      await expect(row('Port').locator('input').inputValue()).resolves.toBe(String(PORT));
      await section().screenshot({ path: path.join(shots, `mcp-settings-off-${theme}.png`) });

      // On, by the user's click.
      await row('Serve MCP to other agents').locator('.checkbox-container').click();
      await expect(page.evaluate(() => window.reeveMcp.enabled())).resolves.toBe(true);
      await expect(row('Connected agents').locator('.setting-item-description').innerText()).resolves.toBe(`Listening on ${endpoint.url}.`);
      const agents = await row('Connected agents').locator('li').allInnerTexts();
      expect(agents).toHaveLength(1);
      expect(agents[0]).toMatch(/^Claude Code 2\.1\.0: 1 call, last call \d/);
      // The list reads as part of the row's description: its size, not the page's.
      const size = (sel: string): Promise<string> => row('Connected agents').locator(sel).first().evaluate((e) => getComputedStyle(e).fontSize);
      expect(await size('li')).toBe(await size('.setting-item-description'));
      // The token is in secret storage, never on screen.
      expect(await section().innerText()).not.toContain(TOKEN);
      // What the user pastes into a terminal for Claude Code: the URL, the header, the token.
      await row('Claude Code').getByRole('button', { name: 'Copy' }).click();
      await expect.poll(() => page.evaluate(() => window.reeveMcp.notices())).toContain('Reeve: Claude Code command copied.');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(claudeCodeCommand(PORT, TOKEN));
      // No inline style on anything the section made.
      expect(await section().locator('[style]:not([style=""])').evaluateAll((els) => els.map((e) => e.outerHTML.slice(0, 200)))).toEqual([]);
      await section().screenshot({ path: path.join(shots, `mcp-settings-on-${theme}.png`) });
      expect(pageErrors).toEqual([]);
    });
  }
});
