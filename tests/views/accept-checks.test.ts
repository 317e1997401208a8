// @vitest-environment happy-dom
// Accept in the plugin checks what the block promised and what the settings say now (issue 23):
// the widgets get their policies as main.ts wires them (widgetDepsFromSettings, from the settings
// at the click). A recorded `replace` is refused once the Task's capabilities are reduced to `add`,
// or once its folder is excluded, with the reason on the block and the note byte-identical; a
// block Reeve has no record of is rejected only through the explicit "Reject anyway".
import '../obsidian/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { editBlockText } from '../../src/edits/pending/block-format';
import { DEFAULT_SETTINGS, type ReeveSettings } from '../../src/settings/settings';
import { shownNotices } from '../obsidian/notices';
import { button, clickAndWait, createHarness, message } from './widget-harness';

afterEach(() => {
  shownNotices.length = 0;
  document.body.empty();
});

const block = editBlockText({ id: 'e1', type: 'replace', before: 'old line', after: 'new line' }, '\n');
const note = `# Title\n${block}\ntail\n`;

function settingsWith(change: (s: ReeveSettings) => void): { current: ReeveSettings; get: () => ReeveSettings } {
  const holder = { current: structuredClone(DEFAULT_SETTINGS), get: () => holder.current };
  change(holder.current);
  return holder;
}

describe('Accept checks the settings of the moment', () => {
  it('a recorded replace is refused once the Task may only add, and accepted when the settings allow it again', async () => {
    const s = settingsWith((x) => (x.agents.task.capabilities = ['add']));
    const h = createHarness({ 'Notes/n.md': note }, { settings: s.get });
    const el = await h.render('ai-edit', 'Notes/n.md');
    await clickAndWait(el, 'Accept');
    expect(message(el)).toBe('Edit not accepted: replacing text needs the "delete" permission, which this task does not have');
    expect(await h.port.read('Notes/n.md')).toBe(note);
    s.current = structuredClone(DEFAULT_SETTINGS);
    await clickAndWait(el, 'Accept');
    expect(await h.port.read('Notes/n.md')).toBe('# Title\nnew line\ntail\n');
  });

  it('a recorded replace in a folder excluded since is refused, naming the wall', async () => {
    const s = settingsWith((x) => (x.excludedFolders = ['Private']));
    const h = createHarness({ 'Private/n.md': note }, { settings: s.get });
    const el = await h.render('ai-edit', 'Private/n.md');
    await clickAndWait(el, 'Accept');
    expect(message(el)).toBe('Edit not accepted: "Private/n.md" is in the excluded folder "Private"');
    expect(await h.port.read('Private/n.md')).toBe(note);
  });

  it('a block in the chat folder (a wall of the settings, not an excluded folder) is refused too', async () => {
    const s = settingsWith((x) => (x.agents.chatFolder = 'Talk'));
    const h = createHarness({ 'Talk/n.md': note }, { settings: s.get });
    const el = await h.render('ai-edit', 'Talk/n.md');
    await clickAndWait(el, 'Accept');
    expect(message(el)).toBe('Edit not accepted: "Talk/n.md" is in the excluded folder "Talk"');
    expect(await h.port.read('Talk/n.md')).toBe(note);
  });
});

describe('Reject of a block Reeve has no record of', () => {
  it('is refused on the first click, and "Reject anyway" writes back its original text', async () => {
    const s = settingsWith(() => undefined);
    const h = createHarness({ 'n.md': note }, { settings: s.get, unrecorded: true });
    const el = await h.render('ai-edit', 'n.md');
    expect(() => button(el, 'Reject anyway')).toThrow();
    await clickAndWait(el, 'Reject');
    expect(message(el)).toMatch(/^Edit not rejected: not proposed here: Reeve has no record of proposing it .*"Reject anyway" on the block/);
    expect(await h.port.read('n.md')).toBe(note);
    // The confirmation for a reject does not confirm an accept.
    expect(() => button(el, 'Accept anyway')).toThrow();
    expect(button(el, 'Reject anyway').getAttribute('aria-label')).toMatch(/although Reeve did not propose it here/);
    await clickAndWait(el, 'Reject anyway');
    expect(await h.port.read('n.md')).toBe('# Title\nold line\ntail\n');
    expect(message(el)).toBe('Edit rejected: the original text is back');
  });

  it('a recorded block is rejected on the first click', async () => {
    const s = settingsWith(() => undefined);
    const h = createHarness({ 'n.md': note }, { settings: s.get });
    const el = await h.render('ai-edit', 'n.md');
    await clickAndWait(el, 'Reject');
    expect(await h.port.read('n.md')).toBe('# Title\nold line\ntail\n');
  });
});
