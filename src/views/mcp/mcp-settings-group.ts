// The settings tab's "MCP server for other agents" section: on/off (off by default), the port
// (committed on blur or Enter, as each change restarts the server), the bearer token with Copy and
// Regenerate, what to paste into Claude Code and Claude Desktop, and who is connected. On phones
// and tablets the section only says it is not offered there.
import { type App, Notice, Platform, type Setting, type SettingDefinitionItem } from 'obsidian';
import type { ReeveSettings } from '../../settings/settings';
import { committedField, type FieldValues } from '../settings/committed-field';
import { claudeCodeCommand, claudeDesktopConfig } from './client-config';
import type { McpServerControl } from './mcp-server-control';
import { mcpToken, regenerateMcpToken } from './mcp-token';

const HEADING = 'MCP server for other agents';

const WHAT =
  'Off by default. When on, agents such as Claude Code and Claude Desktop reach this vault over MCP on 127.0.0.1 only, with the token below: ' +
  'they search and read notes through the same walls as the chat (excluded folders stay unseen), and propose changes as pending blocks you accept or reject. ' +
  'No tool writes, moves or deletes a note directly.';

interface GroupDeps {
  readonly app: App;
  readonly settings: () => ReeveSettings;
  readonly control: () => McpServerControl | null;
  readonly values: FieldValues;
}

function copy(text: string, what: string): void {
  void navigator.clipboard.writeText(text).then(
    () => new Notice(`Reeve: ${what} copied.`),
    () => new Notice(`Reeve: could not copy the ${what}.`),
  );
}

function renderToken(setting: Setting, deps: GroupDeps): void {
  setting
    .addButton((b) => b.setButtonText('Copy').onClick(() => copy(mcpToken(deps.app), 'token')))
    .addButton((b) =>
      b.setButtonText('Regenerate').onClick(() => {
        regenerateMcpToken(deps.app);
        new Notice('Reeve: a new token is in use; agents must be given it again.');
        void deps.control()?.sync();
      }),
    );
}

function renderCopy(setting: Setting, deps: GroupDeps, text: (port: number, token: string) => string, what: string): void {
  setting.addButton((b) => b.setButtonText('Copy').onClick(() => copy(text(deps.settings().mcpServer.port, mcpToken(deps.app)), what)));
}

/** The status line and the connected agents, kept current while the tab is open. */
function renderConnected(setting: Setting, deps: GroupDeps): () => void {
  const list = setting.descEl.parentElement?.createEl('ul', { cls: 'reeve-mcp-clients' }) ?? setting.settingEl.createEl('ul', { cls: 'reeve-mcp-clients' });
  const show = (): void => {
    const control = deps.control();
    setting.setDesc(control?.status() ?? 'Off.');
    list.empty();
    const clients = control?.clients() ?? [];
    if (clients.length === 0 && control?.url()) list.createEl('li', { text: 'No agent connected.' });
    for (const c of clients) {
      const last = c.lastCallAt === null ? 'no call yet' : `last call ${new Date(c.lastCallAt).toLocaleTimeString()}`;
      list.createEl('li', { text: `${c.name}${c.version ? ` ${c.version}` : ''}: ${c.calls} call${c.calls === 1 ? '' : 's'}, ${last}` });
    }
  };
  show();
  const off = deps.control()?.onChange(show);
  return () => {
    off?.();
    list.remove();
  };
}

export function mcpSettingGroup(deps: GroupDeps): SettingDefinitionItem {
  if (!Platform.isDesktopApp) {
    return { type: 'group', heading: HEADING, items: [{ name: 'Not offered on phones and tablets', desc: 'The MCP server runs in Obsidian on a computer only; nothing is started here.' }] };
  }
  return {
    type: 'group',
    heading: HEADING,
    items: [
      { name: 'Serve MCP to other agents', desc: WHAT, control: { type: 'toggle', key: 'mcpServer.enabled' } },
      committedField({ name: 'Port', desc: 'The port on 127.0.0.1 (1024 to 65535). The server restarts when you leave the field or press Enter.', key: 'mcpServer.port', kind: 'number', min: 1024, max: 65535 }, deps.values),
      { name: 'Token', desc: "Agents send it as \"Authorization: Bearer <token>\". Kept in Obsidian's secret storage; Regenerate locks out every agent given the old one.", render: (setting) => renderToken(setting, deps) },
      {
        name: 'Claude Code',
        desc: 'Copies the "claude mcp add --transport http" command with the header; run it in a terminal. It carries the token: keep it private.',
        render: (setting) => renderCopy(setting, deps, claudeCodeCommand, 'Claude Code command'),
      },
      {
        name: 'Claude Desktop',
        desc: 'Copies an entry for claude_desktop_config.json that reaches the server through the mcp-remote bridge (needs Node). It carries the token: keep it private.',
        render: (setting) => renderCopy(setting, deps, claudeDesktopConfig, 'Claude Desktop configuration'),
      },
      { name: 'Connected agents', desc: '', render: (setting) => renderConnected(setting, deps) },
    ],
  };
}
