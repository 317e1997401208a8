// One run's timeline, drawn from the pipeline's events as they arrive (or replayed from a saved
// chat): a section per phase with its steps in words, Scout's selection as it grows with each
// note's reasons and score, the Web agent's queries and pages with their tokens, model reasoning
// folded away, and the Task agent's answer streaming as (untrusted) Markdown. Steps fold when
// their phase ends; each phase shows its tokens and cost.
import type { PhaseName, PipelineEvent } from '../../agents/pipeline/pipeline-events';
import type { SelectedNote } from '../../agents/pipeline/pipeline-context';
import type { Usage } from '../../agents/llm/usage-cost';
import { StreamingAnswer } from './streaming-answer';
import type { UntrustedRenderContext } from './untrusted-markdown';
import { NAMED_AT_MOST, spentText, tokensText } from './usage-text';

const TITLE: Record<PhaseName, string> = { scout: 'Scout', web: 'Web', task: 'Task' };

/** A phase's status word, lower case like "running", "done" and "stopped" beside it. */
const FAILED = 'failed';

/** Tools whose calls are shown by what they do (the selection, the edits card, the question), not as steps. */
const QUIET_TOOLS = new Set(['update_selection', 'propose_edits', 'ask_user']);

export interface TimelineActions {
  openNote(path: string): void;
  copyNotes(paths: string[]): Promise<void>;
}

interface PhaseSection {
  root: HTMLElement;
  status: HTMLElement;
  usage: HTMLElement;
  steps: HTMLDetailsElement;
  list: HTMLElement;
  reasoning: HTMLDetailsElement | null;
  reasoningText: HTMLElement | null;
  calls: Map<string, HTMLElement>;
  /** What the phase reported spending when it finished (its header says it again if an error follows). */
  spent: { usage: Usage; costUsd: number } | null;
}

export class RunTimeline {
  private readonly phases = new Map<PhaseName, PhaseSection>();
  private selectionEl: HTMLElement | null = null;
  private readonly answer: StreamingAnswer;
  private readonly notesEl: HTMLElement;
  /** After the answer: the mark of a stopped run, below what it kept. */
  private readonly endEl: HTMLElement;
  /** Shown while a phase waits on a transport that delivers the reply only when complete. */
  private waitingEl: HTMLElement | null = null;
  /** Where the last question asked is answered: in the asking phase's section, under its steps. */
  questionSlot: HTMLElement | null = null;

  constructor(
    readonly el: HTMLElement,
    private readonly ctx: UntrustedRenderContext,
    private readonly actions: TimelineActions,
    private readonly streaming: boolean,
  ) {
    this.el.addClass('reeve-chat-run');
    this.notesEl = el.createDiv({ cls: 'reeve-chat-run-notes' });
    this.answer = new StreamingAnswer(el.createDiv({ cls: 'reeve-chat-answer' }), ctx);
    this.endEl = el.createDiv({ cls: 'reeve-chat-run-end' });
  }

  private phase(name: PhaseName): PhaseSection {
    const known = this.phases.get(name);
    if (known) return known;
    const root = createDiv({ cls: `reeve-chat-phase is-running`, attr: { 'data-phase': name } });
    this.el.insertBefore(root, this.notesEl);
    const header = root.createDiv({ cls: 'reeve-chat-phase-header' });
    header.createSpan({ cls: 'reeve-chat-phase-title', text: TITLE[name] });
    const status = header.createSpan({ cls: 'reeve-chat-phase-status', text: 'running' });
    const usage = header.createSpan({ cls: 'reeve-chat-phase-usage' });
    // Hidden until the phase takes a step: a phase that only answers has none to show.
    const steps = root.createEl('details', { cls: 'reeve-chat-steps reeve-hidden' });
    steps.open = true;
    steps.createEl('summary', { text: 'Steps' });
    const list = steps.createEl('ol', { cls: 'reeve-chat-step-list' });
    const section: PhaseSection = { root, status, usage, steps, list, reasoning: null, reasoningText: null, calls: new Map(), spent: null };
    this.phases.set(name, section);
    return section;
  }

  private step(name: PhaseName, text: string, cls = ''): HTMLElement {
    const s = this.phase(name);
    s.steps.removeClass('reeve-hidden');
    const li = s.list.createEl('li', { cls: `reeve-chat-step ${cls}`.trim(), text });
    s.steps.querySelector('summary')?.setText(`Steps (${s.list.childElementCount})`);
    return li;
  }

  apply(e: PipelineEvent): void {
    switch (e.type) {
      case 'phase_started':
        this.phase(e.phase);
        if (!this.streaming) this.showWaiting(e.phase);
        break;
      case 'phase_finished': {
        const s = this.phase(e.phase);
        s.root.removeClass('is-running');
        s.status.setText(e.stopped ? 'stopped' : 'done');
        // A reply cut off by Stop never reports its usage: what was reported is a floor, not a cost of $0.
        s.spent = { usage: e.usage, costUsd: e.costUsd };
        s.usage.setText(spentText(e.usage, e.costUsd, !e.stopped));
        s.steps.open = false;
        this.hideWaiting();
        break;
      }
      case 'tool_call':
        // The reply has arrived; while its tools run (or the user answers), nothing is awaited of the model.
        this.hideWaiting();
        if (QUIET_TOOLS.has(e.name)) break;
        this.phase(e.phase).calls.set(e.callId, this.step(e.phase, `${e.summary}…`, 'is-pending'));
        break;
      case 'tool_result': {
        // The results go back to the model: the next reply is awaited.
        if (!this.streaming) this.showWaiting(e.phase);
        if (QUIET_TOOLS.has(e.name)) break;
        const li = this.phase(e.phase).calls.get(e.callId);
        const call = li?.getText().replace(/…$/, '') ?? '';
        const text = call ? `${call} — ${e.summary}` : e.summary;
        if (li) {
          li.setText(text);
          li.removeClass('is-pending');
        } else this.step(e.phase, text);
        if (e.status !== 'ok') (li ?? this.phase(e.phase).list.lastElementChild)?.addClass('is-failed');
        break;
      }
      case 'reasoning_delta':
        this.reasoning(e.phase, e.text);
        break;
      case 'text_delta':
        this.hideWaiting();
        if (e.phase === 'task') this.answer.append(e.text);
        break;
      case 'retry':
        this.step(e.phase, `asked the model again: ${e.reason}`, 'is-retry');
        break;
      case 'selection_updated':
        this.showSelection(e.selected, e.reasoning, e.confidence);
        break;
      case 'question':
        this.step(e.phase, `asked you: ${e.question}`);
        this.questionSlot = this.phase(e.phase).root.createDiv({ cls: 'reeve-chat-questions' });
        break;
      case 'question_answered':
        this.step(e.phase, `you answered: ${e.answer}`);
        break;
      case 'web_search':
        this.step('web', `searched the web for '${e.query}' — ${e.results} results`);
        break;
      case 'web_page':
        this.step('web', e.status === 'read' ? `read ${e.url} (${tokensText(e.tokens)} tokens)` : `${e.status} ${e.url}${e.reason ? `: ${e.reason}` : ''}`, e.status === 'read' ? '' : 'is-failed');
        break;
      case 'notes_dropped': {
        // Folded when long: a hub note's links must not push the answer out of view.
        const box = this.notesEl.createEl('details', { cls: 'reeve-chat-dropped' });
        box.open = e.dropped.length <= NAMED_AT_MOST;
        const n = e.dropped.length;
        box.createEl('summary', { text: `Over the ${tokensText(e.limit)}-token limit, ${n} note${n === 1 ? '' : 's'} left out` });
        const ul = box.createEl('ul');
        for (const d of e.dropped) ul.createEl('li', { text: `${d.path} (${tokensText(d.tokens)} tokens): ${d.reason}` });
        break;
      }
      case 'error':
        // A phase's finished event comes before its error event (run-pipeline's endPhase), in saved
        // chats too: the error turns the header from "done" to failed.
        if (e.phase) {
          const s = this.phase(e.phase);
          s.root.addClass('is-failed');
          s.status.setText(FAILED);
          // Nor does a reply that failed: its header says what was reported, as a floor.
          if (s.spent) s.usage.setText(spentText(s.spent.usage, s.spent.costUsd, false));
        }
        this.notesEl.createDiv({ cls: 'reeve-chat-error', text: `Error${e.phase ? ` in ${TITLE[e.phase]}` : ''}: ${e.message}` });
        break;
      case 'stopped':
        this.endEl.createDiv({ cls: 'reeve-chat-stopped', text: 'Stopped. What arrived before is kept.' });
        break;
      case 'run_finished':
        this.hideWaiting();
        for (const s of this.phases.values()) if (s.root.hasClass('is-running')) s.root.removeClass('is-running');
        break;
      default:
        break;
    }
  }

  /** The final answer (the Task agent's summary, or the last phase's) replaces what streamed. */
  async finish(answer: string): Promise<void> {
    await this.answer.finish(answer);
  }

  private reasoning(phase: PhaseName, text: string): void {
    const s = this.phase(phase);
    if (!s.reasoning) {
      s.reasoning = createEl('details', { cls: 'reeve-chat-reasoning' });
      s.root.insertBefore(s.reasoning, s.steps);
      s.reasoning.createEl('summary', { text: 'Reasoning' });
      s.reasoningText = s.reasoning.createDiv({ cls: 'reeve-chat-reasoning-text' });
    }
    s.reasoningText?.appendText(text);
  }

  private showSelection(selected: SelectedNote[], reasoning: string, confidence: string): void {
    const s = this.phase('scout');
    this.selectionEl?.remove();
    const box = s.root.createDiv({ cls: 'reeve-chat-selection' });
    this.selectionEl = box;
    const head = box.createDiv({ cls: 'reeve-chat-selection-header' });
    head.createSpan({ text: `Selected ${selected.length} note${selected.length === 1 ? '' : 's'} (${confidence})` });
    // Nothing selected, nothing to copy: no button that would copy an empty clipboard.
    if (selected.length > 0) {
      const copy = head.createEl('button', { cls: 'reeve-chat-copy', text: 'Copy', attr: { 'aria-label': 'Copy the selected notes’ contents' } });
      copy.addEventListener('click', () => void this.actions.copyNotes(selected.map((n) => n.path)));
    }
    if (reasoning) box.createDiv({ cls: 'reeve-chat-selection-reason', text: reasoning });
    const ul = box.createEl('ul');
    for (const n of selected) {
      const li = ul.createEl('li');
      const link = li.createEl('a', { cls: 'reeve-chat-note-link', text: n.path, attr: { href: '#' } });
      link.addEventListener('click', (evt) => {
        evt.preventDefault();
        this.actions.openNote(n.path);
      });
      li.createSpan({ cls: 'reeve-chat-note-meta', text: ` ${n.score > 0 ? `score ${n.score.toFixed(2)} · ` : ''}${tokensText(n.tokens)} tokens` });
      // Each reason reads on its own ("title matches 'solar'", "1 link from [[Solar]]"); the kind is for the model.
      if (n.why.length > 0) li.createDiv({ cls: 'reeve-chat-note-why', text: n.why.map((w) => w.detail).join('; ') });
    }
  }

  private showWaiting(phase: PhaseName): void {
    this.hideWaiting();
    this.waitingEl = this.phase(phase).root.createDiv({ cls: 'reeve-chat-waiting', text: 'Waiting for the whole reply: this connection does not stream.' });
  }

  private hideWaiting(): void {
    this.waitingEl?.remove();
    this.waitingEl = null;
  }
}
