// @vitest-environment happy-dom
// Registration, and release: unloading the render children removes every DOM listener the
// widgets added and the plan widget's vault subscription. The tracker must see them first.
import '../obsidian/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { editBlockText } from '../../src/edits/pending/block-format';
import { type LeakTracker, trackLeaks } from '../obsidian/leak-tracker';
import { PLAN_NOTE, planVault } from './plan-fixture';
import { button, createHarness, SECTION_INFO, setSectionInfoKnown } from './widget-harness';

let leaks: LeakTracker | undefined;
afterEach(() => {
  leaks?.restore();
  leaks = undefined;
  document.body.empty();
});

describe.each(SECTION_INFO)('pending-block widgets lifecycle, %s', (_when, known) => {
  beforeEach(() => setSectionInfoKnown(known));
  afterEach(() => setSectionInfoKnown(true));

  it('registers a processor for ai-edit, ai-op and ai-plan', () => {
    const h = createHarness({});
    expect([...h.plugin.markdownCodeBlockProcessors__.keys()].sort()).toEqual(['ai-edit', 'ai-op', 'ai-plan']);
  });

  it('releases every listener and vault subscription when the render children unload', async () => {
    const files = { ...planVault(), 'n.md': editBlockText({ id: 'e1', type: 'replace', before: 'a', after: 'b' }, '\n') + '\n' };
    const h = createHarness(files);
    leaks = trackLeaks({ vault: h.app.vault, metadataCache: h.app.metadataCache, workspace: h.app.workspace });
    const edit = await h.render('ai-edit', 'n.md');
    await h.render('ai-op', PLAN_NOTE, '"p1-2"');
    const plan = await h.render('ai-plan', PLAN_NOTE);
    await vi.waitFor(() => expect(button(plan, 'Accept all').disabled).toBe(false));

    const live = leaks.report();
    expect(live.domListeners.filter((l) => l === 'HTMLButtonElement:click')).toHaveLength(2 + 2 + 2);
    // One subscription per vault event, whatever order the widgets register them in.
    expect([...live.eventHandlers].sort()).toEqual(['vault:create x1', 'vault:delete x1', 'vault:modify x1', 'vault:rename x1']);

    h.parent.unload();
    expect(leaks.report()).toEqual({ domListeners: [], intervals: 0, eventHandlers: [] });
    // A click after unload reaches no handler: nothing is written.
    button(edit, 'Accept').click();
    expect(edit.getAttribute('aria-busy')).toBeNull();
    expect(await h.port.read('n.md')).toBe(files['n.md']);
  });
});
