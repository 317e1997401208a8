// @vitest-environment happy-dom
// The command "Run a saved prompt" (issue 27) on the test runtime: registered without a hotkey; it
// lists the folder's prompts in a picker and hands the one chosen, with the selection as it was
// when the command ran, to the chat; a folder behind a wall, or none picked, gets a notice and no
// picker.
import '../obsidian/dom';
import { App, FuzzySuggestModal, Plugin } from 'obsidian-test-mocks/obsidian';
import { describe, expect, it } from 'vitest';
import manifest from '../../manifest.json';
import type { SavedPrompt } from '../../src/agents/chat/saved-prompts';
import { ObsidianVault } from '../../src/vault-vfs/obsidian-vault';
import { registerSavedPromptCommand } from '../../src/views/chat/run-saved-prompt';
import { keepModalsOpen } from '../obsidian/modals';
import { shownNotices } from '../obsidian/notices';
import { makeVaultFaithful } from '../obsidian/faithful-vault';
import { chatHostOn } from './chat-host-fixture';

const modals = keepModalsOpen();

class HostPlugin extends Plugin {}

async function setUp(promptFolder: string, excluded: string[] = []) {
  const app = App.createConfigured__({ files: { 'Prompts/Fix.md': '---\nname: Fix typos\n---\nFix {{selection}}', 'Prompts/Plan.md': 'Plan the week', 'Notes/a.md': 'one\ntwo with a typo\n' } });
  makeVaultFaithful(app);
  const port = new ObsidianVault(app as never);
  const fixture = await chatHostOn(app, port);
  fixture.settings.agents.promptFolder = promptFolder;
  fixture.settings.excludedFolders = excluded;
  const plugin = new HostPlugin(app, manifest);
  const ran: { prompt: SavedPrompt; selection: string }[] = [];
  registerSavedPromptCommand(plugin as never, fixture.host, (prompt, selection) => {
    ran.push({ prompt, selection });
    return Promise.resolve();
  });
  const file = app.vault.getFileByPath('Notes/a.md');
  if (!file) throw new Error('no note');
  const leaf = app.workspace.getLeaf(false);
  await leaf.openFile(file, { active: true });
  (leaf.view as unknown as { editor: { setSelection(a: object, b: object): void } }).editor.setSelection({ line: 1, ch: 0 }, { line: 1, ch: 16 });
  const command = (plugin as unknown as { commands__: Map<string, { name: string; callback: () => void; hotkeys?: unknown }> }).commands__.get('run-saved-prompt');
  return { fixture, ran, command };
}

describe('Run a saved prompt', () => {
  it('lists the prompts by name and runs the one chosen with the selection of the moment', async () => {
    const { fixture, ran, command } = await setUp('Prompts');
    expect(command?.name).toBe('Run a saved prompt');
    expect(command?.hotkeys).toBeUndefined();
    shownNotices.length = 0;
    command?.callback();
    await expect.poll(() => modals.opened.length).toBe(1);
    const modal = modals.opened[0] as unknown as FuzzySuggestModal<SavedPrompt>;
    expect(modal.getItems().map((p) => modal.getItemText(p))).toEqual(['Fix typos', 'Plan']);
    modal.onChooseItem(modal.getItems()[0] as SavedPrompt, new MouseEvent('click'));
    expect(ran.map((r) => [r.prompt.name, r.selection])).toEqual([['Fix typos', 'two with a typo']]);
    await fixture.stop();
  });

  it('says so, and opens no picker, when the folder is behind a wall or none is picked', async () => {
    for (const [folder, excluded, notice] of [
      ['Prompts', ['Prompts'], 'Reeve: the saved prompts folder "Prompts" is behind a wall'],
      ['', [], 'Reeve: no saved prompts folder is set'],
    ] as const) {
      const { fixture, ran, command } = await setUp(folder, [...excluded]);
      shownNotices.length = 0;
      command?.callback();
      await expect.poll(() => shownNotices.length).toBe(1);
      expect(shownNotices[0]).toContain(notice);
      expect(modals.opened.length).toBe(0);
      expect(ran).toEqual([]);
      await fixture.stop();
    }
  });
});
