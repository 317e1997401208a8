// @vitest-environment happy-dom
// `obsidian reeve:ask prompt=…` when it works: the production bundle in the test runtime, the
// plugin's settings pointing at the scripted model server over HTTP on loopback (an
// OpenAI-compatible server, as a local model would be). The Task agent answers; its edit lands as
// an `ai-edit` block in the note through the chat's own path (the ledger records it, so its widget
// accepts it; reeve:pending lists it), and the request the model got carries the prompt and the
// current note, never the walled one.
import '../obsidian/dom';
import { App, type Plugin } from 'obsidian-test-mocks/obsidian';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProposalLedger } from '../../src/edits/pending/ledger/proposal-ledger';
import { ObsidianVault } from '../../src/vault-vfs/obsidian-vault';
import { reply, startScriptedLlmServer, type ScriptedLlmServer } from '../llm-server';
import { buildPluginBundle, removePluginBundle } from '../obsidian/build-bundle';
import { runCli__ } from '../obsidian/faithful-cli';
import { makeVaultFaithful } from '../obsidian/faithful-vault';
import { loadBundle, readManifest } from '../obsidian/load-bundle';

const GARDEN = '# Garden plan\nTomatoes and beans.\n';
const FILES: Record<string, string> = {
  'Inbox/Garden plan.md': GARDEN,
  'Private/Garden secrets.md': '# Garden secrets\nTomatoes behind the shed.\n',
};

let bundle = '';
let server: ScriptedLlmServer;
let plugin: Plugin | null = null;
beforeAll(async () => {
  bundle = await buildPluginBundle();
  server = await startScriptedLlmServer();
}, 120_000);
afterAll(async () => {
  plugin?.unload();
  removePluginBundle(bundle);
  await server?.close();
});

async function startPlugin(): Promise<App> {
  const app = App.createConfigured__({ files: FILES });
  makeVaultFaithful(app);
  await app.vault.adapter.mkdir('.obsidian/plugins/reeve');
  const model = { model: 'scripted-task', toolFormat: 'native', streaming: false };
  const providers = { 'openai-compatible': { baseUrl: server.openaiBaseUrl, transport: 'fetch', apiKeySecret: '', explore: model, plan: model } };
  await app.vault.adapter.write('.obsidian/plugins/reeve/data.json', JSON.stringify({ activeProvider: 'openai-compatible', providers, excludedFolders: ['Private'] }));
  plugin = new (loadBundle(bundle))(app, readManifest());
  plugin.load();
  await vi.waitFor(() => expect(plugin?.settingTabs__).toHaveLength(1));
  app.workspace.setLayoutReady__();
  return app;
}

describe("reeve:ask in Obsidian's CLI, with a model", () => {
  it('prints the answer, and the proposed edit lands as an ai-edit block the ledger knows, as in the chat', async () => {
    const app = await startPlugin();
    server.script(
      reply.toolCall('propose_edits', {
        summary: 'Added the watering schedule.',
        edits: [{ file: 'Inbox/Garden plan.md', position: 'end', content: 'Water the tomatoes every evening.' }],
      }),
    );
    let printed = '';
    await vi.waitFor(async () => {
      printed = await runCli__(app, 'reeve:ask', { prompt: 'add a watering schedule', note: 'Inbox/Garden plan.md', format: 'json' });
      expect(printed).not.toContain('still loading');
    });
    const out = JSON.parse(printed) as { answer: string; edits: { id: string; file: string; type: string }[]; refused: unknown[]; error?: string | null };
    expect(out.error ?? null).toBeNull();
    expect(out.answer).toBe('Added the watering schedule.');
    expect(out.refused).toEqual([]);
    expect(out.edits).toHaveLength(1);
    const [edit] = out.edits as [{ id: string; file: string; type: string }];
    expect(edit.file).toBe('Inbox/Garden plan.md');

    // The note holds the pending block; nothing else of it changed.
    const text = await app.vault.adapter.read('Inbox/Garden plan.md');
    expect(text.startsWith(GARDEN)).toBe(true);
    expect(text).toMatch(new RegExp('```ai-edit\\n\\{"id":"' + edit.id + '"[^\\n]*Water the tomatoes every evening\\.'));
    // Recorded in the ledger, as the chat's proposals are (the widget's Accept needs it), and listed.
    const recorded = await new ProposalLedger(new ObsidianVault(app as never).state, app.vault.configDir).recorded();
    expect(recorded.map((r) => [r.id, r.note, r.kind])).toContainEqual([edit.id, 'Inbox/Garden plan.md', 'edit']);
    expect(await runCli__(app, 'reeve:pending', { note: 'Inbox/Garden plan.md' })).toContain(edit.id);

    // The model got the prompt and the current note, and nothing behind the wall.
    const sent = JSON.stringify(server.chatRequests().map((r) => r.body));
    expect(sent).toContain('add a watering schedule');
    expect(sent).toContain('Tomatoes and beans.');
    expect(sent).not.toContain('behind the shed');

    // The plain format prints the answer and the proposal.
    server.script(reply.toolCall('propose_edits', { summary: 'Nothing to change.', edits: [] }));
    expect(await runCli__(app, 'reeve:ask', { prompt: 'anything to fix?', note: 'Inbox/Garden plan.md' })).toBe('Nothing to change.');
  }, 60_000);
});
