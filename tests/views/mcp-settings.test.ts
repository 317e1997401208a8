// @vitest-environment happy-dom
// The settings tab's "MCP server for other agents": on a computer, the toggle, port, token
// (Regenerate stores a new one in secret storage), the two client configurations and the connected
// agents; on a phone only a row saying it is not offered.
import '../obsidian/dom';
import { Platform } from 'obsidian-test-mocks/obsidian';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/settings/settings';
import { ReeveSettingTab } from '../../src/views/settings-tab';
import { openSettingTab } from '../obsidian/declarative-settings';
import { createHarness } from './widget-harness';

const DESKTOP = { ...Platform };
afterEach(() => {
  Object.assign(Platform, DESKTOP);
  document.body.empty();
});

type Row = { definition: { name: string }; settingEl: HTMLElement };

function open() {
  const h = createHarness({ 'a.md': 'a' });
  const settings = structuredClone(DEFAULT_SETTINGS);
  const sync = vi.fn(async () => undefined);
  const plugin = { settings, saveSettings: vi.fn(async () => undefined), port: () => h.port, mcpServer: { sync, status: () => 'Off.', clients: () => [], url: () => null, onChange: () => () => undefined } };
  const tab = new ReeveSettingTab(h.app as never, plugin as never);
  openSettingTab(tab as never);
  document.body.append(tab.containerEl);
  const rows = (tab as unknown as { getRenderedRows__(): Row[] }).getRenderedRows__();
  return { h, rows, sync };
}

describe('MCP server settings', () => {
  it('on a computer: Regenerate stores a new token in secret storage and restarts the server', () => {
    const { h, rows, sync } = open();
    const mcpRows = ['Serve MCP to other agents', 'Port', 'Token', 'Claude Code', 'Claude Desktop', 'Connected agents'];
    for (const name of mcpRows) expect(rows.some((r) => r.definition.name === name)).toBe(true);
    h.app.secretStorage.setSecret('reeve-mcp-token', 'the-old-token-0123456789abcdef');
    const token = rows.find((r) => r.definition.name === 'Token');
    const regenerate = [...(token?.settingEl.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Regenerate');
    regenerate?.click();
    const now = h.app.secretStorage.getSecret('reeve-mcp-token');
    expect(now).toMatch(/^[0-9a-f]{64}$/);
    expect(sync).toHaveBeenCalled();
  });

  it('on a phone: says it is not offered, with no controls', () => {
    Object.assign(Platform, { ...DESKTOP, isDesktop: false, isDesktopApp: false, isMobile: true, isMobileApp: true, isPhone: true });
    const { rows } = open();
    expect(rows.some((r) => r.definition.name === 'Not offered on phones and tablets')).toBe(true);
    expect(rows.some((r) => r.definition.name === 'Serve MCP to other agents')).toBe(false);
  });
});
