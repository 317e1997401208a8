// @vitest-environment happy-dom
// "Organize folder" in its progress window on the faithful runtime vault: saved rules then
// heuristics, progress streamed as it works, the naming-convention step, and Cancel, which
// aborts the run (the agent's signal included) and leaves the vault exactly as it was.
import '../obsidian/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrganizeAgent } from '../../src/agents/organize/plan-organize';
import { DEFAULT_SETTINGS, type ReeveSettings } from '../../src/settings/settings';
import type { ProgressSink } from '../../src/views/organize/agent-progress';
import { OrganizeModal } from '../../src/views/organize/organize-modal';
import { organizeInModal } from '../../src/views/organize/run-organize';
import { button, createHarness } from './widget-harness';

afterEach(() => document.body.empty());

const FILES = {
  'Inbox/2024-03-02.md': 'daily',
  'Inbox/2024-03-03.md': 'daily',
  'Inbox/invoice-march.md': 'invoice',
  'Inbox/Loose thought.md': 'no home',
  'Notes/index.md': 'See [[2024-03-02]].',
};

function settings(over: Partial<ReeveSettings> = {}): ReeveSettings {
  // Most tests here go through the naming step, which is on request (off by default).
  return { ...structuredClone(DEFAULT_SETTINGS), rules: [{ name: 'Invoices', if: 'file.name.startsWith("invoice")', thenMoveTo: 'Finance', enabled: true }], suggestNaming: true, ...over };
}

async function snapshot(h: ReturnType<typeof createHarness>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await h.port.list()) out[e.path] = e.kind === 'file' ? await h.port.read(e.path) : '(folder)';
  return out;
}

function open(h: ReturnType<typeof createHarness>): OrganizeModal {
  const modal = new OrganizeModal(h.app as never, 'Inbox');
  // The runtime's Modal.open() closes itself on the next tick; Obsidian's stays open until closed.
  modal.onOpen();
  document.body.append(modal.contentEl);
  return modal;
}

const lines = (modal: OrganizeModal): string[] => [...modal.contentEl.querySelectorAll('.reeve-organize-line')].map((l) => l.textContent ?? '');

/** Skips the naming step when it is offered. */
async function skipNaming(modal: OrganizeModal): Promise<void> {
  await vi.waitFor(() => expect(modal.contentEl.querySelector('.reeve-naming-option')).not.toBeNull());
  button(modal.contentEl, 'Skip').click();
}

describe('organize in the progress window', () => {
  it('plans with the saved rules, then heuristics, streams progress, writes the plan note', async () => {
    const h = createHarness(FILES);
    const modal = open(h);
    const run = organizeInModal({ app: h.app as never, port: () => h.port, settings: () => settings() }, 'Inbox', modal);
    await skipNaming(modal);
    await run;
    const text = lines(modal).join('\n');
    expect(text).toContain('1 files matched 1 rule');
    expect(text).toMatch(/heuristics placed 2 files/);
    expect(text).toMatch(/Before -> after: cohesion \d\.\d\d -> \d\.\d\d, depth \d+ -> \d+, width \d+ -> \d+/);
    expect(text).toMatch(/operations planned; review them in the plan note\.$/);
    expect(button(modal.contentEl, 'Close')).toBeDefined();
    const plans = (await h.port.list()).filter((e) => e.kind === 'file' && e.path.startsWith('Reeve/Plans/'));
    expect(plans).toHaveLength(1);
    const note = await h.port.read(plans[0]?.path ?? '');
    expect(note).toContain('"rule":"Invoices"');
    expect(note).toContain('"destination":"Inbox/Finance/invoice-march.md"');
  });

  it('plans without asking about naming unless the user asked for suggestions', async () => {
    const h = createHarness(FILES);
    const modal = open(h);
    await organizeInModal({ app: h.app as never, port: () => h.port, settings: () => settings({ suggestNaming: false }) }, 'Inbox', modal);
    expect(modal.contentEl.querySelector('.reeve-naming-option')).toBeNull();
    expect(lines(modal).join('\n')).toMatch(/operations planned; review them in the plan note\.$/);
  });

  it('offers up to three naming conventions with name, pattern, example and share', async () => {
    const h = createHarness(FILES);
    const modal = open(h);
    const run = organizeInModal({ app: h.app as never, port: () => h.port, settings: () => settings() }, 'Inbox', modal);
    await vi.waitFor(() => expect(modal.contentEl.querySelector('.reeve-naming-option')).not.toBeNull());
    const options = [...modal.contentEl.querySelectorAll('.reeve-naming-option')];
    expect(options.length).toBeGreaterThan(0);
    expect(options.length).toBeLessThanOrEqual(3);
    expect(options[0]?.textContent).toMatch(/\(\d+% of files\).*, for example /);
    (options[0] as HTMLButtonElement).click();
    await run;
    expect(lines(modal).some((l) => l.startsWith('Naming convention: '))).toBe(true);
  });

  it('Cancel while the agent works aborts it and leaves the vault unchanged', async () => {
    const h = createHarness(FILES);
    const before = await snapshot(h);
    let agentSignal: AbortSignal | null = null;
    // An agent that streams a little, then waits on the model until it is cancelled.
    const agentFor = (_s: ReeveSettings, signal: AbortSignal, sink: ProgressSink): { agent: OrganizeAgent } => ({
      agent: () => {
        agentSignal = signal;
        sink.stream('Looking at the ');
        sink.stream('loose files');
        return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted by the user'))));
      },
    });
    const modal = open(h);
    const run = organizeInModal({ app: h.app as never, port: () => h.port, settings: () => settings({ activeProvider: 'openai' }), agentFor }, 'Inbox', modal);
    await skipNaming(modal);
    await vi.waitFor(() => expect(lines(modal)).toContain('Looking at the loose files'));
    button(modal.contentEl, 'Cancel').click();
    await run;
    expect((agentSignal as AbortSignal | null)?.aborted).toBe(true);
    expect(lines(modal).at(-1)).toBe('Cancelled. Nothing was written.');
    expect(await snapshot(h)).toEqual(before);
  });

  it('Cancel at the naming step writes nothing; closing the window cancels too', async () => {
    const h = createHarness(FILES);
    const before = await snapshot(h);
    const modal = open(h);
    const run = organizeInModal({ app: h.app as never, port: () => h.port, settings: () => settings() }, 'Inbox', modal);
    await vi.waitFor(() => expect(modal.contentEl.querySelector('.reeve-naming-option')).not.toBeNull());
    modal.close();
    await run;
    expect(modal.signal.aborted).toBe(true);
    expect(await snapshot(h)).toEqual(before);
  });

  it('says why the agent is not used when the provider cannot be reached, and still plans offline', async () => {
    const h = createHarness(FILES);
    const modal = open(h);
    // OpenAI with no API key chosen: the client cannot be built.
    const run = organizeInModal({ app: h.app as never, port: () => h.port, settings: () => settings({ activeProvider: 'openai' }) }, 'Inbox', modal);
    await skipNaming(modal);
    await run;
    expect(lines(modal)[0]).toMatch(/^The organize agent is not used: No API key for provider "openai"/);
    expect(lines(modal).at(-1)).toMatch(/operations planned/);
  });
});
