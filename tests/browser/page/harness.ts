// The browser test page: the widget harness of tests/views, running in Chromium. A faithful
// in-memory vault (the Obsidian test runtime), Reeve's real widget processors registered on a
// plugin, and a note rendered the way Obsidian's reading view does: every `ai-edit` / `ai-op` /
// `ai-plan` fence becomes a `.block-language-*` div handed to its processor, other lines are text.
import { App, Component, Plugin } from 'obsidian-test-mocks/obsidian';
import { setup } from 'obsidian-test-mocks/setup';
import manifest from '../../../manifest.json';
import { organizeScopePolicy } from '../../../src/agents/organize/plan-organize';
import { buildScopePolicy, EDIT_CAPABILITIES } from '../../../src/edits/scope/scope-policy';
import { ObsidianVault } from '../../../src/vault-vfs/obsidian-vault';
import { registerPendingBlockWidgets } from '../../../src/views/pending/register-widgets';
import { recordAllBlocks } from '../../helpers/record-blocks';
import { makeVaultFaithful } from '../../obsidian/faithful-vault';
import { shownNotices } from '../../obsidian/notices';
import type { ReevePage } from './api';
import { benchChat } from './chat-bench';
import { benchStream } from './stream-bench';
import { askAboutSelection, mainEditor, mainLeaf, openChatPage, openedChat, openInMain, reloadChatPage } from './chat-page';
import { decideInNote, renameNote, undoLast, writeNote } from './chat-notes';

setup();

type CodeBlockHandler = Parameters<Plugin['registerMarkdownCodeBlockProcessor']>[1];
type PostProcessorContext = Parameters<CodeBlockHandler>[2];

const WIDGET_LANGS = new Set(['ai-edit', 'ai-op', 'ai-plan']);

class HostPlugin extends Plugin {}

interface Section {
  lang: string | null;
  source: string;
  lineStart: number;
  lineEnd: number;
}

/** The note split into fenced widget blocks and plain lines, as a Markdown renderer sees them. */
function sections(text: string): Section[] {
  const lines = text.split(/\r\n|\n|\r/);
  const out: Section[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,})(\S+)\s*$/.exec(lines[i] ?? '');
    if (!open) {
      out.push({ lang: null, source: lines[i] ?? '', lineStart: i, lineEnd: i });
      continue;
    }
    let j = i + 1;
    while (j < lines.length && !new RegExp(`^\\s*${open[1] ?? ''}\`*\\s*$`).test(lines[j] ?? '')) j++;
    out.push({ lang: open[2] ?? '', source: lines.slice(i + 1, j).join('\n'), lineStart: i, lineEnd: j });
    i = j;
  }
  return out;
}

let app: App | null = null;
let port: ObsidianVault | null = null;
let plugin: HostPlugin | null = null;
let parent: Component | null = null;
let note = '';
let jobs: string[] = [];

function vault(): ObsidianVault {
  if (!port) throw new Error('reeve.open() first');
  return port;
}

async function render(): Promise<void> {
  // Re-rendering unloads the old widgets first, as Obsidian does with a note's render children.
  parent?.unload();
  parent = new Component();
  parent.load();
  const view = document.getElementById('note');
  if (!view || !plugin) throw new Error('page not set up');
  view.empty();
  const text = await vault().read(note);
  for (const s of sections(text)) {
    if (s.lang === null || !WIDGET_LANGS.has(s.lang)) {
      if (s.source.trim() !== '') view.createEl('p', { text: s.source });
      continue;
    }
    const handler = plugin.markdownCodeBlockProcessors__.get(s.lang);
    if (!handler) throw new Error(`no processor for ${s.lang}`);
    const el = view.createDiv({ cls: `block-language-${s.lang}` });
    const host = parent;
    const ctx: PostProcessorContext = {
      docId: 'doc',
      sourcePath: note,
      frontmatter: null,
      addChild: (child) => host.addChild(child as unknown as Component),
      getSectionInfo: () => ({ lineStart: s.lineStart, lineEnd: s.lineEnd, text }),
    };
    await handler(s.source, el, ctx);
  }
}

const api: ReevePage = {
  async open(files, notePath) {
    // Each test starts from the light theme with no variables overridden, whatever the last one did.
    document.body.className = 'theme-light';
    document.body.removeAttribute('style');
    plugin?.unload();
    app = App.createConfigured__({ files });
    makeVaultFaithful(app);
    const p = new ObsidianVault(app as never);
    port = p;
    plugin = new HostPlugin(app, manifest);
    plugin.load();
    jobs = [];
    shownNotices.length = 0;
    registerPendingBlockWidgets(plugin as never, {
      port: () => p,
      editPolicy: (n) => buildScopePolicy({ configDir: p.configDir, scope: { folders: ['**'] }, capabilities: EDIT_CAPABILITIES, currentNote: n }),
      organizePolicy: (folder) => organizeScopePolicy(p.configDir, { folder }),
      onJobDone: (id) => jobs.push(id),
    });
    note = notePath;
    // The blocks these pages show stand for proposals Reeve made (the ledger knows them).
    await recordAllBlocks(p);
    await render();
  },
  rerender: render,
  read: (path) => vault().read(path),
  exists: (path) => vault().exists(path),
  notices: () => [...shownNotices],
  jobs: () => [...jobs],
  async openChat(files, options) {
    await openChatPage(files, options);
  },
  chatRead: (path) => openedChat().port.read(path),
  chatSaved: async () => (await openedChat().fixture.saved()).map((c) => ({ title: c.title, requests: c.messages.map((m) => m.turn.request), edits: c.messages.flatMap((m) => m.turn.edits.map((e) => `${e.file}:${e.state}`)) })),
  benchChat,
  benchStream,
  chatIdle: async () => {
    await openedChat().view.current;
  },
  chatReload: reloadChatPage,
  chatMainLeaf: mainLeaf,
  chatDecideInNote: decideInNote,
  chatUndo: undoLast,
  chatRename: renameNote,
  chatWrite: writeNote,
  chatFollowed: async () => {
    await openedChat().view.following;
  },
  chatOpenNote: openInMain,
  chatEditor: mainEditor,
  chatAskAboutSelection: askAboutSelection,
  chatSettings: (change) => {
    const s = openedChat().fixture.settings;
    if (change.scope) s.agents.task.scope = change.scope;
    if (change.promptFolder !== undefined) s.agents.promptFolder = change.promptFolder;
    if (change.excludedFolders) s.excludedFolders = change.excludedFolders;
    if (change.anthropicKey !== undefined) s.providers.anthropic.apiKeySecret = change.anthropicKey;
  },
};

window.reeve = api;
