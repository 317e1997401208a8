// @vitest-environment happy-dom
// An outside agent's proposal is a pending block like any other: proposed through the MCP tool host
// on the plugin's own VaultPort (ObsidianVault on the test runtime), it is recorded in the ledger
// under the client's name, so the block's widget accepts it with one click (no "Accept anyway": it
// was proposed here), and the agent's pending_status then reads "accepted". A block the agent
// typed into a note by other means stays unrecorded and is refused.
import '../obsidian/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createVaultToolHost } from '../../src/mcp/vault-tool-host';
import { VaultIndexer } from '../../src/search/keyword/vault-indexer';
import { Retrieval } from '../../src/search/retrieval/retrieval';
import { DEFAULT_SETTINGS } from '../../src/settings/settings';
import { settingsWalls } from '../../src/settings/settings-walls';
import { shownNotices } from '../obsidian/notices';
import { clickAndWait, createHarness, message } from './widget-harness';

afterEach(() => {
  shownNotices.length = 0;
  document.body.empty();
});

describe("an MCP client's proposal in the plugin", () => {
  it('is accepted by its widget as a block proposed here, and pending_status says so', async () => {
    const h = createHarness({ 'Garden/Tomatoes.md': '# Tomatoes\nWater deeply once a week.\n' }, { settings: () => DEFAULT_SETTINGS, unrecorded: true });
    const host = createVaultToolHost({
      vault: h.port,
      walls: settingsWalls(DEFAULT_SETTINGS, h.port.configDir),
      task: { scope: 'context', capabilities: DEFAULT_SETTINGS.agents.task.capabilities },
      retrieval: new Retrieval(h.port, new VaultIndexer(h.port, { persist: false }), null),
      organize: { planFolder: DEFAULT_SETTINGS.planFolder },
      newPlanId: () => 'j1',
    });
    const context = { clientName: 'Claude Code', signal: new AbortController().signal };
    await host.callTool('read_note', { path: 'Garden/Tomatoes.md' }, context);
    const r = await host.callTool('propose_edits', { summary: 'water less', edits: [{ file: 'Garden/Tomatoes.md', find: 'once a week', replace: 'every ten days' }] }, context);
    expect(r.isError).toBeFalsy();
    const el = await h.render('ai-edit', 'Garden/Tomatoes.md');
    await clickAndWait(el, 'Accept');
    expect(await h.port.read('Garden/Tomatoes.md')).toBe('# Tomatoes\nWater deeply every ten days.\n');
    const status = JSON.stringify(await host.callTool('pending_status', {}, context));
    expect(status).toContain('accepted');
    expect(status).not.toContain('"pending"');
  });

  it('a block typed into the note by other means (not through the tools) is refused as unrecorded', async () => {
    const typed = '# Note\n```ai-edit\n{"id":"e0000000000000ff","type":"replace","before":"a","after":"b"}\n```\n#ai_edit\n';
    const h = createHarness({ 'Note.md': typed }, { settings: () => DEFAULT_SETTINGS, unrecorded: true });
    const el = await h.render('ai-edit', 'Note.md');
    await clickAndWait(el, 'Accept');
    expect(message(el)).toContain('not proposed');
    expect(await h.port.read('Note.md')).toBe(typed);
  });
});
