// The sidebar chat (view type `reeve-chat`): the messages with their run timelines, the history
// of saved chats, the context pills (when Scout is off), the scope line and the composer. Every
// message is saved to the chat store as soon as it ends; the open chat's id is the view's state,
// so the workspace reopens it after a reload.
import { ItemView, Notice, type ViewStateResult, type WorkspaceLeaf } from 'obsidian';
import type { ChatTurnEdit } from '../../agents/task/chat-history';
import type { Decision } from '../../edits/pending/resolve-edit-blocks';
import type { ChatHost, RunOverrides } from './chat-host';
import type { SavedPrompt } from '../../agents/chat/saved-prompts';
import { editorSelection, promptMessage } from './run-saved-prompt';
import { SelectionPill } from './selection-pill';
import { withSelection, type SelectionContext } from '../../agents/chat/selection-context';
import { newChat, titleFrom } from '../../agents/chat/chat-store';
import { messageRecord } from '../../agents/chat/chat-message';
import { rerunPlan, replacedText } from '../../agents/chat/rerun';
import { undoTurn } from '../../agents/chat/undo-turn';
import type { AskRequest } from '../../agents/pipeline/run-pipeline';
import { chatUsage, type ChatMessageRecord, type ChatRecord } from './chat-record';
import { Composer } from './composer';
import { ContextPills } from './context-pills';
import { chatTouches, editStatesNow, renamedInChat } from './live-edit-states';
import { copyNotes, openEditBlock } from './open-notes';
import { exportChat } from './export-chat';
import { ChatAnnouncer } from './chat-announcer';
import { decideEdits } from './decide-edits';
import { copyAnswer, insertAnswer } from './insert-answer';
import type { TurnActions } from './message-actions';
import { renderSearchableHistory } from './history-search';
import { MessageList } from './message-list';
import { MessageView, type MessageActions } from './message-view';
import { runMessage } from './run-message';
import { openCitations } from './citation-links';
import type { UntrustedRenderContext } from './untrusted-markdown';
import { spentText } from './usage-text';

export const CHAT_VIEW_TYPE = 'reeve-chat';

export class ChatView extends ItemView {
  chat: ChatRecord = newChat();
  list!: MessageList;
  composer!: Composer;
  pills!: ContextPills;
  selectionPill!: SelectionPill;
  private historyEl!: HTMLElement;
  private totalEl!: HTMLElement;
  private exportButton!: HTMLButtonElement;
  private historyButton!: HTMLButtonElement;
  /** The polite live region: phases, questions, errors and the end of a run, never the streamed text. */
  announcer!: ChatAnnouncer;
  private running: AbortController | null = null;
  /** What the next message runs with instead of the toggles and settings (a saved prompt's agents and scope). */
  private nextRun: { agents: SavedPrompt['agents']; overrides: RunOverrides } | null = null;
  /** The run in progress, for tests and for closing the view mid-run. */
  current: Promise<void> | null = null;
  /** The drawn messages by id, so a change in a note redraws their edits cards. */
  private readonly views = new Map<string, MessageView>();
  /** Reading the edit states again after a note changed: one pass at a time, the last one catches up. */
  following: Promise<void> = Promise.resolve();
  private followQueued = false;
  private mustSave = false;

  constructor(leaf: WorkspaceLeaf, readonly host: ChatHost) {
    super(leaf);
  }

  getViewType(): string {
    return CHAT_VIEW_TYPE;
  }

  getDisplayText(): string {
    return 'Reeve chat';
  }

  override getIcon(): string {
    return 'messages-square';
  }

  override getState(): Record<string, unknown> {
    return { ...super.getState(), chatId: this.chat.messages.length > 0 ? this.chat.id : null };
  }

  override async setState(state: unknown, result: ViewStateResult): Promise<void> {
    const id: unknown = typeof state === 'object' && state !== null && 'chatId' in state ? state.chatId : null;
    if (typeof id === 'string' && id !== this.chat.id) await this.openChat(id);
    await super.setState(state, result);
  }

  override async onOpen(): Promise<void> {
    const root = this.contentEl;
    root.empty();
    root.addClass('reeve-chat');
    const header = root.createDiv({ cls: 'reeve-chat-header' });
    // Named by their visible words (a speech tool finds them by what they say); History says whether it is open.
    const newButton = header.createEl('button', { text: 'New chat' });
    const historyButton = header.createEl('button', { text: 'History', attr: { 'aria-expanded': 'false' } });
    this.historyButton = historyButton;
    // The name begins with the visible word, so "Export" said to a speech tool finds it.
    this.exportButton = header.createEl('button', { text: 'Export', attr: { 'aria-label': 'Export to note' } });
    this.exportButton.addEventListener('click', () => void exportChat(this.app, this));
    this.totalEl = header.createSpan({ cls: 'reeve-chat-total' });
    newButton.addEventListener('click', () => this.startNew());
    historyButton.addEventListener('click', () => this.showHistory(this.historyEl.hasClass('reeve-hidden')));
    this.historyEl = root.createDiv({ cls: 'reeve-hidden', attr: { id: `reeve-chat-history-${this.chat.id}`, role: 'region', 'aria-label': 'Saved chats' } });
    historyButton.setAttr('aria-controls', this.historyEl.id);
    this.announcer = new ChatAnnouncer(root);
    // Escape closes what is open, innermost first (the [[ list takes its own Escape), then stops a run.
    this.registerDomEvent(root, 'keydown', (evt) => {
      if (evt.key !== 'Escape' || evt.defaultPrevented || evt.isComposing) return;
      if (!this.historyEl.hasClass('reeve-hidden')) this.showHistory(false);
      else if (this.running) this.running.abort();
      else return;
      evt.preventDefault();
    });
    this.list = new MessageList(root.createDiv(), async (slot, record) => {
      this.views.set(record.id, await MessageView.replay(slot, record, this.renderCtx(), this.actions()));
    });
    openCitations(this.renderCtx(), this.list.el, (el) => [...this.views.values()].find((v) => v.el.contains(el))?.record ?? null);
    const bottom = root.createDiv({ cls: 'reeve-chat-bottom' });
    this.selectionPill = new SelectionPill(bottom.createDiv());
    this.pills = new ContextPills(bottom.createDiv(), this.host, () => this.currentNote());
    // Named by its own text, which ends in "Settings"; where it leads is its tooltip.
    const scope = bottom.createEl('a', { cls: 'reeve-chat-scope', text: this.host.scopeLine(), attr: { href: '#', title: 'Open the settings' } });
    scope.addEventListener('click', (evt) => {
      evt.preventDefault();
      this.host.openSettings();
    });
    // The settings change in their own window; the line is read again when the user comes back.
    const rescope = (): void => scope.setText(this.host.scopeLine());
    this.registerDomEvent(root, 'pointerenter', rescope);
    this.registerDomEvent(root, 'focusin', rescope);
    this.composer = new Composer(bottom.createDiv(), this.host, {
      send: (text) => void this.send(text),
      stop: () => this.running?.abort(),
      togglesChanged: () => this.showContext(),
      noteLinked: (path) => this.pills.add(path),
      sourcePath: () => this.currentNote() ?? '',
      runPrompt: (p) => void this.runPrompt(p),
    });
    this.registerEvent(this.app.workspace.on('active-leaf-change', () => void this.pills.refresh()));
    // The edits cards follow their notes: a decision in a note, an undo, a rename, a deletion.
    const changed = (path: string): void => {
      if (chatTouches(this.chat, path)) this.followNotes();
    };
    this.registerEvent(this.app.vault.on('modify', (f) => changed(f.path)));
    this.registerEvent(this.app.vault.on('delete', (f) => changed(f.path)));
    this.registerEvent(this.app.vault.on('create', (f) => changed(f.path)));
    this.registerEvent(
      this.app.vault.on('rename', (f, from) => {
        const moved = renamedInChat(this.chat, from, f.path);
        if (moved === null) return changed(f.path);
        this.take(moved);
        this.followNotes(true);
      }),
    );
    this.showContext();
    this.drawTotal();
  }

  override async onClose(): Promise<void> {
    this.running?.abort();
    await this.current;
    this.list.disconnect();
  }

  private showContext(): void {
    this.pills.setScout(this.host.agents().scout);
  }

  private currentNote(): string | null {
    const file = this.app.workspace.getActiveFile();
    return file && file.extension === 'md' ? file.path : null;
  }

  renderCtx(): UntrustedRenderContext {
    return { app: this.app, component: this, sourcePath: this.currentNote() ?? '' };
  }

  private actions(): MessageActions {
    return {
      openNote: (path) => void this.app.workspace.openLinkText(path, '', false),
      copyNotes: (paths) => copyNotes(this.host.widgetDeps.port(), paths),
      openEdit: (e: ChatTurnEdit) => void openEditBlock(this.app, this.host.widgetDeps.port(), e),
      decideEdits: (record: ChatMessageRecord, decision: Decision) => this.decide(record, decision),
      turn: this.turnActions(),
    };
  }

  /** Copy, Retry, Edit and Insert into note under each finished message (message-actions.ts). */
  private turnActions(): TurnActions {
    return {
      copyAnswer: (answer) => copyAnswer(answer),
      rerun: (record, text) => void this.rerun(record, text),
      insertAnswer: async (record, answer) => {
        const made = await insertAnswer(this.host, answer);
        if (made === null) return;
        record.turn = { ...record.turn, edits: [...record.turn.edits, made.edit] };
        record.proposals = [...record.proposals, made.proposal];
        this.views.get(record.id)?.drawEdits();
        await this.save();
      },
      undoTurn: async (record) => {
        const deps = this.host.widgetDeps;
        const r = await undoTurn(deps.port(), record.turn.edits, (note) => deps.editPolicy(note));
        record.turn = { ...record.turn, edits: r.edits };
        this.views.get(record.id)?.drawEdits();
        await this.save();
        return r;
      },
      laterCount: (record) => Math.max(0, this.chat.messages.length - 1 - this.chat.messages.indexOf(record)),
      running: () => this.running !== null,
    };
  }

  /** Runs a sent message again (its text edited or not) in its own context; the messages after it are replaced. */
  async rerun(record: ChatMessageRecord, text?: string): Promise<void> {
    const index = this.chat.messages.indexOf(record);
    if (this.running || index < 0) return;
    const plan = rerunPlan(this.chat.messages, index, text);
    for (const m of this.chat.messages.slice(index)) this.views.delete(m.id);
    this.chat.messages = plan.kept;
    await this.list.show(plan.kept);
    if (plan.replacedAfter > 0) new Notice(`Reeve: ran the message again. ${replacedText(plan.replacedAfter)}`);
    await this.send(plan.request.task, plan.request);
  }

  private async decide(record: ChatMessageRecord, decision: Decision): Promise<Map<string, string>> {
    const r = await decideEdits(this.host.widgetDeps, record.turn.edits, decision);
    record.turn = { ...record.turn, edits: r.edits };
    await this.save();
    return r.failures;
  }

  /** Reads the edit states from the notes again (after the ones queued), saving and redrawing what changed. */
  private followNotes(save = false): void {
    this.mustSave ||= save;
    // A pass already waiting will read the notes as they are by then: one is enough.
    if (this.followQueued) return;
    this.followQueued = true;
    this.following = this.following.then(async () => {
      this.followQueued = false;
      const mustSave = this.mustSave;
      this.mustSave = false;
      const r = await editStatesNow(this.host.widgetDeps.port(), this.chat);
      if (!r.changed && !mustSave) return;
      this.take(r.chat);
      await this.save();
    });
    // A note that cannot be read now leaves the cards as they were; the next change reads again.
    this.following = this.following.catch(() => undefined);
  }

  /** Takes new edit states into the open chat's records (the message views hold them) and redraws their cards. */
  private take(next: ChatRecord): void {
    if (next.id !== this.chat.id) return;
    this.chat.messages.forEach((m, i) => {
      const n = next.messages[i];
      if (n === undefined || n === m) return;
      m.turn = n.turn;
      m.proposals = n.proposals;
      this.views.get(m.id)?.drawEdits();
    });
  }

  /** Sends `text` in the context the view shows now, or runs `again` (a message run again, rerun.ts). */
  async send(text: string, again?: AskRequest): Promise<void> {
    if (this.running) return;
    const c = this.host.context();
    const history = this.chat.messages.map((m) => m.turn);
    const once = this.nextRun;
    this.nextRun = null;
    const selection = again ? null : this.selectionPill.take();
    const request = again ?? { task: selection ? withSelection(text, selection) : text, currentNote: this.currentNote(), agents: { ...(once?.agents ?? this.host.agents()) }, depth: c.depth, sameFolder: c.sameFolder, manual: [...this.pills.manual], history };
    const record = messageRecord({ id: `m${this.chat.messages.length + 1}`, request, result: null, events: [], proposals: [] });
    const view = new MessageView(this.list.append(), record, this.renderCtx(), this.actions(), this.host.streams());
    this.views.set(record.id, view);
    const controller = new AbortController();
    this.running = controller;
    this.composer.setRunning(true);
    const overrides = { ...this.composer.models.overrides(), ...once?.overrides };
    this.current = runMessage(this.host, view, request, controller.signal, (e) => {
      this.list.follow();
      this.announcer.event(e);
    }, overrides).then(async () => {
      this.chat.messages.push(record);
      if (this.chat.messages.length === 1) this.chat.title = titleFrom(text);
      await this.save();
      // The view's state now names a saved chat (getState): the workspace must keep it, or a
      // restart right after the first message would open an empty chat.
      if (this.chat.messages.length === 1) this.app.workspace.requestSaveLayout();
      this.running = null;
      this.composer.setRunning(false);
      this.drawTotal();
      this.list.follow();
    });
    await this.current;
  }

  /** "Ask about the selection": the selection as a pill, its note in the context, the message box focused. */
  askAboutSelection(s: SelectionContext): void {
    this.selectionPill.set(s);
    this.pills.add(s.path);
    this.composer.input.focus();
  }

  /** Runs a saved prompt as the next message, with its agents and scope (run-saved-prompt.ts). */
  async runPrompt(prompt: SavedPrompt, selection?: string): Promise<void> {
    if (this.running) return;
    const note = this.currentNote();
    const m = promptMessage(this.app, prompt, note, selection ?? editorSelection(this.app, note));
    if ('problem' in m) {
      new Notice(`Reeve: ${m.problem}`);
      return;
    }
    if (m.note !== null) this.pills.add(m.note);
    this.composer.input.value = '';
    this.composer.update();
    this.nextRun = { agents: prompt.agents, overrides: prompt.scope === null ? {} : { scope: prompt.scope } };
    await this.send(m.text);
  }

  private async save(): Promise<void> {
    this.chat.updatedAt = new Date().toISOString();
    try {
      await this.host.store.save(this.chat);
    } catch (e) {
      new Notice(`Reeve: the chat could not be saved: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  startNew(): void {
    if (this.running) return;
    this.chat = newChat();
    this.views.clear();
    void this.list.show([]);
    this.drawTotal();
    this.app.workspace.requestSaveLayout();
  }

  /** Opens a saved chat; a file that cannot be read is reported and left as it is. */
  async openChat(id: string): Promise<boolean> {
    if (this.running) return false;
    let chat: ChatRecord;
    try {
      chat = await this.host.store.load(id);
    } catch (e) {
      new Notice(`Reeve: the chat could not be opened: ${e instanceof Error ? e.message : String(e)}. The file was left as it is.`);
      return false;
    }
    // Edits decided in their notes since (with the widgets) are read back into the history.
    this.chat = (await editStatesNow(this.host.widgetDeps.port(), chat)).chat;
    this.views.clear();
    await this.list.show(this.chat.messages);
    this.drawTotal();
    this.app.workspace.requestSaveLayout();
    return true;
  }

  /** Opens or closes the saved chats; closing gives the focus back to the History button. */
  private showHistory(show: boolean): void {
    this.historyEl.toggleClass('reeve-hidden', !show);
    this.historyButton.setAttr('aria-expanded', String(show));
    if (show) void this.drawHistory();
    else if (this.historyEl.contains(activeDocument.activeElement)) this.historyButton.focus();
  }

  private async drawHistory(): Promise<void> {
    await renderSearchableHistory(this.historyEl, this.host.store, this.chat.id, {
      open: (id) => void this.openChat(id).then(() => this.drawHistory()),
      changed: () => void this.drawHistory(),
    });
  }

  private drawTotal(): void {
    this.exportButton.disabled = this.chat.messages.length === 0;
    const u = chatUsage(this.chat);
    const whole = this.chat.messages.every((m) => !m.stopped && m.error === null);
    this.totalEl.setText(this.chat.messages.length === 0 ? '' : `Chat: ${spentText(u.usage, u.costUsd, whole)}`);
  }
}
