// Renders pending-block widgets the way Obsidian does: a real note in a faithful test-runtime
// vault, the plugin's registered code block processor called with the fenced source, and a
// MarkdownPostProcessorContext whose addChild hands the widget to a loaded parent component.
import { App, Component, Plugin } from 'obsidian-test-mocks/obsidian';
import { expect, vi } from 'vitest';
import { buildScopePolicy, EDIT_CAPABILITIES, type ScopePolicy } from '../../src/edits/scope/scope-policy';
import { organizeScopePolicy } from '../../src/agents/organize/plan-organize';
import { ObsidianVault } from '../../src/vault-vfs/obsidian-vault';
import type { VaultPort } from '../../src/vault-vfs/vault-port';
import { registerPendingBlockWidgets } from '../../src/views/pending/register-widgets';
import { widgetDepsFromSettings } from '../../src/views/pending/widget-policies';
import type { ReeveSettings } from '../../src/settings/settings';
import { recordAllBlocks } from '../helpers/record-blocks';
import { makeVaultFaithful } from '../obsidian/faithful-vault';
import { readManifest } from '../obsidian/load-bundle';

type CodeBlockHandler = Parameters<Plugin['registerMarkdownCodeBlockProcessor']>[1];
type PostProcessorContext = Parameters<CodeBlockHandler>[2];

/** A plugin to host the widgets, as main.ts will. */
class HostPlugin extends Plugin {}

/** Fenced code blocks of one language, found the way a Markdown renderer finds them. */
export function fencedBlocks(text: string, lang: string): { source: string; lineStart: number; lineEnd: number }[] {
  const lines = text.split(/\r\n|\n|\r/);
  const out: { source: string; lineStart: number; lineEnd: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,})(\S+)\s*$/.exec(lines[i] ?? '');
    if (!open) continue;
    const fence = open[1] as string;
    let j = i + 1;
    while (j < lines.length && !new RegExp(`^\\s*${fence}\`*\\s*$`).test(lines[j] ?? '')) j++;
    if (open[2] === lang) out.push({ source: lines.slice(i + 1, j).join('\n'), lineStart: i, lineEnd: j });
    i = j;
  }
  return out;
}

/**
 * Obsidian's `ctx.getSectionInfo(el)` returns null when the block's section is unknown (Live
 * Preview before layout, embeds, hover previews). Widget suites run once with it and once without.
 */
export const SECTION_INFO: [string, boolean][] = [
  ['with section info', true],
  ['when getSectionInfo returns null', false],
];
let sectionInfoKnown = true;

export function setSectionInfoKnown(known: boolean): void {
  sectionInfoKnown = known;
}

export interface HarnessOptions {
  editPolicy?: (port: ObsidianVault, note: string) => ScopePolicy;
  /** Blocks Reeve has no record of (typed or pasted): the ledger is left empty. */
  unrecorded?: boolean;
  /** The plugin's settings: the widgets get their policies as main.ts wires them (widgetDepsFromSettings). */
  settings?: () => ReeveSettings;
}

export function createHarness(files: Record<string, string>, opts: HarnessOptions = {}) {
  const app = App.createConfigured__({ files });
  makeVaultFaithful(app);
  const port = new ObsidianVault(app as never);
  const plugin = new HostPlugin(app, readManifest());
  plugin.load();
  const jobs: string[] = [];
  const everything = (note: string): ScopePolicy => buildScopePolicy({ configDir: port.configDir, scope: { folders: ['**'] }, capabilities: EDIT_CAPABILITIES, currentNote: note });
  const settings = opts.settings;
  registerPendingBlockWidgets(
    plugin as never,
    settings
      ? { ...widgetDepsFromSettings(() => port, settings), onJobDone: (id) => jobs.push(id) }
      : {
          port: () => port,
          editPolicy: (note) => (opts.editPolicy ? opts.editPolicy(port, note) : everything(note)),
          organizePolicy: (folder) => organizeScopePolicy(port.configDir, { folder }),
          onJobDone: (id) => jobs.push(id),
        },
  );
  const parent = new Component();
  parent.load();
  const recorded = opts.unrecorded ? Promise.resolve() : recordAllBlocks(port);

  /** Renders a `lang` block of `note` as it is now (see renderCodeBlock). */
  const render = async (lang: string, note: string, which: number | string = 0): Promise<HTMLElement> => {
    await recorded;
    return renderCodeBlock(plugin, port, parent, lang, note, which);
  };

  return { app, port, plugin, parent, jobs, render };
}

/**
 * Renders a `lang` block of `note` as it is now, through the code block processor `plugin`
 * registered: the `which`-th block, or the one whose source holds the text `which`. Returns the
 * widget's element; `parent` (a loaded component) owns it, as the Markdown renderer would.
 */
export async function renderCodeBlock(plugin: Plugin, port: VaultPort, parent: Component, lang: string, note: string, which: number | string = 0): Promise<HTMLElement> {
  const text = await port.read(note);
  const blocks = fencedBlocks(text, lang);
  const block = typeof which === 'number' ? blocks[which] : blocks.find((b) => b.source.includes(which));
  if (!block) throw new Error(`no ${lang} block ${String(which)} in ${note}`);
  const handler = plugin.markdownCodeBlockProcessors__.get(lang);
  if (!handler) throw new Error(`no processor for ${lang}`);
  const el = document.body.createDiv();
  const ctx: PostProcessorContext = {
    docId: 'doc',
    sourcePath: note,
    frontmatter: null,
    // The mocks' Component and obsidian.d.ts's are the same class under two type declarations.
    addChild: (child) => parent.addChild(child as unknown as Component),
    getSectionInfo: () => (sectionInfoKnown ? { lineStart: block.lineStart, lineEnd: block.lineEnd, text } : null),
  };
  await handler(block.source, el, ctx);
  return el;
}

export function button(el: HTMLElement, text: string): HTMLButtonElement {
  const b = [...el.querySelectorAll('button')].find((x) => x.textContent === text);
  if (!b) throw new Error(`no "${text}" button in: ${el.textContent ?? ''}`);
  return b;
}

/** Clicks and waits until the widget's action has finished. */
export async function clickAndWait(el: HTMLElement, text: string): Promise<void> {
  button(el, text).click();
  expect(el.getAttribute('aria-busy')).toBe('true');
  await vi.waitFor(() => expect(el.getAttribute('aria-busy')).toBe('false'), { timeout: 5000 });
}

export function message(el: HTMLElement): string {
  return el.querySelector('.reeve-pending-message')?.textContent ?? '';
}
