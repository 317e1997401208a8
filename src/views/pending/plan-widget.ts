// The `ai-plan` widget at the top of a plan note: how many operations are pending, accepted,
// rejected, done or failed (kept current as the note changes), Accept all (every pending
// operation, then every accepted one run as one journaled job) and Reject all.
import { findBlocks } from '../../edits/pending/find-blocks';
import { decideOpBlocks } from '../../edits/pending/plan-note';
import { PendingWidget } from './pending-widget';
import { planFolderOf, readPlanBlock, type PlanBlockData } from './plan-block';
import { readNote } from './read-note';
import { acceptAndRun, summaryText } from './run-operations';
import type { WidgetDeps } from './widget-deps';

const ORDER = ['pending', 'accepted', 'rejected', 'done', 'failed', 'undone', 'damaged'] as const;
type Counted = (typeof ORDER)[number];

/** Operation blocks of the plan `job` in a note's text, counted by state. */
export function countOperations(text: string, job: string): Record<Counted, number> {
  const counts: Record<Counted, number> = { pending: 0, accepted: 0, rejected: 0, done: 0, failed: 0, undone: 0, damaged: 0 };
  for (const b of findBlocks(text)) {
    if (b.kind !== 'op') continue;
    if (b.state === 'damaged') counts.damaged++;
    else if (b.data.job === job) counts[b.data.state ?? 'pending']++;
  }
  return counts;
}

export class PlanBlockWidget extends PendingWidget {
  private summaryEl: HTMLElement | null = null;
  private acceptAll: HTMLButtonElement | null = null;
  private rejectAll: HTMLButtonElement | null = null;

  constructor(
    containerEl: HTMLElement,
    private readonly source: string,
    private readonly note: string,
    private readonly deps: WidgetDeps,
  ) {
    super(containerEl);
  }

  protected render(): void {
    const el = this.containerEl;
    el.addClass('reeve-plan');
    const plan = readPlanBlock(this.source);
    const header = el.createDiv({ cls: 'reeve-pending-header' });
    if (typeof plan === 'string') {
      el.addClass('is-damaged');
      header.createSpan({ cls: 'reeve-pending-title', text: 'Damaged plan block' });
      el.createDiv({ cls: 'reeve-pending-reason', text: `This block cannot be read: ${plan}. The operations below can still be decided one by one.` });
      return;
    }
    header.createSpan({ cls: 'reeve-pending-title', text: `Organize plan for ${plan.folder === '' ? 'the vault' : plan.folder}` });
    this.summaryEl = el.createDiv({ cls: 'reeve-plan-summary', text: 'Reading the plan…' });
    const actions = el.createDiv({ cls: 'reeve-pending-actions' });
    this.acceptAll = this.addButton(actions, 'Accept all', 'Accept every pending operation of this plan and run them', () => this.decideAll(plan, 'accept'), true);
    this.rejectAll = this.addButton(actions, 'Reject all', 'Reject every pending operation of this plan', () => this.decideAll(plan, 'reject'));
    this.setAvailable(this.acceptAll, false);
    this.setAvailable(this.rejectAll, false);
    el.createDiv({ cls: 'reeve-pending-hint', text: 'Accepted operations run through the journal and keep links working. The "Undo last organize" command reverses a run.' });
    this.addMessageArea(el);
    this.register(this.deps.port().onChange((change) => {
      if (change.type === 'modify' && change.path === this.note) void this.refresh(plan);
    }));
    void this.refresh(plan);
  }

  private async refresh(plan: PlanBlockData): Promise<void> {
    const text = await readNote(this.deps.port(), this.note);
    if (!this.alive || !this.summaryEl || !this.acceptAll || !this.rejectAll) return;
    if (text === null) {
      this.summaryEl.setText('The plan note is gone.');
      return;
    }
    const counts = countOperations(text, plan.job);
    const total = ORDER.reduce((n, k) => n + counts[k], 0);
    const parts = ORDER.filter((k) => counts[k] > 0).map((k) => `${counts[k]} ${k}`);
    this.summaryEl.setText(`${total} operation${total === 1 ? '' : 's'}${parts.length > 0 ? `: ${parts.join(', ')}` : ''}.`);
    this.setAvailable(this.acceptAll, counts.pending + counts.accepted > 0);
    this.setAvailable(this.rejectAll, counts.pending > 0);
  }

  private async decideAll(plan: PlanBlockData, decision: 'accept' | 'reject'): Promise<void> {
    const port = this.deps.port();
    // The folder (and so the scope) comes from the note's own frontmatter, not from this block,
    // which model text could have forged.
    const text = await readNote(port, this.note);
    const owner = text === null ? null : planFolderOf(text, plan.job);
    if (owner === null || !owner.ok) {
      this.tell('error', owner === null ? 'The plan note is gone.' : `Nothing was done: ${owner.reason}.`);
      return;
    }
    const policy = this.deps.organizePolicy(owner.folder);
    if (decision === 'accept') {
      const s = await acceptAndRun(port, this.note, null, policy, this.deps.onJobDone);
      const kind = s.failed.length + s.refused.length > 0 ? 'error' : 'done';
      this.tell(kind, `${summaryText(s)}.${s.jobId !== null ? ' "Undo last organize" reverses the run.' : ''}`);
    } else {
      const decided = await decideOpBlocks(port, this.note, null, 'reject', policy);
      const done = decided.filter((d) => d.status === 'done').length;
      const refused = decided.filter((d) => d.status === 'refused');
      const why = refused.length > 0 ? `; ${refused.length} refused (${refused[0]?.reason ?? ''})` : '';
      this.tell(refused.length > 0 ? 'error' : 'done', `${done} operation${done === 1 ? '' : 's'} rejected${why}`);
    }
    await this.refresh(plan);
  }
}
