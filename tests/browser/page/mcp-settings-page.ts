// The browser page of tests/browser/mcp-settings.test.ts: the real settings tab (ReeveSettingTab,
// its "MCP server for other agents" section only) rendered as Obsidian 1.13 renders declarative
// settings, with Obsidian's settings DOM (obsidian-setting-dom.ts), the real styles.css and the
// theme stand-ins. The MCP endpoint itself runs in Node (node:http) and cannot run in a page: the
// test runs the real one in its own process and hands the page what the plugin's control would
// report of it (its URL, its connected clients); the page's control reports that once the settings
// turn the server on, and "Off." while they keep it off, telling the section when it changes.
import { App } from 'obsidian-test-mocks/obsidian';
import { setup } from 'obsidian-test-mocks/setup';
import type { McpClient } from '../../../src/mcp/http/http-server';
import { DEFAULT_SETTINGS } from '../../../src/settings/settings';
import { ReeveSettingTab } from '../../../src/views/settings-tab';
import { openSettingTab } from '../../obsidian/declarative-settings';
import { shownNotices } from '../../obsidian/notices';
import { installObsidianSettingDom } from './obsidian-setting-dom';

setup();
installObsidianSettingDom();

export interface RunningEndpoint {
  url: string;
  clients: McpClient[];
}

export interface McpSettingsPage {
  /** Renders the section with the server off, the token stored under its secret name. */
  open(token: string, theme: 'light' | 'dark'): void;
  /** What the endpoint is when the settings turn it on. */
  serve(endpoint: RunningEndpoint): void;
  enabled(): boolean;
  notices(): string[];
}

declare global {
  interface Window {
    reeveMcp: McpSettingsPage;
  }
}

const HEADING = 'MCP server for other agents';

class McpSectionTab extends ReeveSettingTab {
  override getSettingDefinitions(): ReturnType<ReeveSettingTab['getSettingDefinitions']> {
    return super.getSettingDefinitions().filter((item) => 'heading' in item && item.heading === HEADING);
  }
}

let endpoint: RunningEndpoint | null = null;
let settings = structuredClone(DEFAULT_SETTINGS);
const listeners = new Set<() => void>();
const running = (): RunningEndpoint | null => (settings.mcpServer.enabled ? endpoint : null);
const control = {
  sync: async (): Promise<void> => {
    for (const l of listeners) l();
  },
  status: (): string => {
    const on = running();
    return on ? `Listening on ${on.url}.` : 'Off.';
  },
  clients: (): McpClient[] => running()?.clients ?? [],
  url: (): string | null => running()?.url ?? null,
  onChange: (l: () => void): (() => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

window.reeveMcp = {
  open(token, theme) {
    document.body.className = theme === 'dark' ? 'theme-dark' : 'theme-light';
    document.getElementById('settings')?.remove();
    settings = structuredClone(DEFAULT_SETTINGS);
    shownNotices.length = 0;
    const app = App.createConfigured__();
    app.secretStorage.setSecret('reeve-mcp-token', token);
    const plugin = { settings, saveSettings: async () => undefined, port: () => null, mcpServer: control };
    const tab = new McpSectionTab(app as never, plugin as never);
    openSettingTab(tab as never);
    tab.containerEl.id = 'settings';
    tab.containerEl.addClass('vertical-tab-content');
    document.body.appendChild(tab.containerEl);
  },
  serve(e) {
    endpoint = e;
  },
  enabled: () => settings.mcpServer.enabled,
  notices: () => [...shownNotices],
};
