// The `ai-op` widget: one planned organize operation (source -> destination, or its path, with a
// note edit's values before and after), its
// type, risk, rule and reason, and its state. Accept runs it at once through the journal; reject
// marks it rejected. The state written back into the block is what Obsidian renders next time;
// until then the widget shows the outcome itself.
import type { StateStore } from '../../vault-vfs/vault-port';
import type { OpBlockData, OpState } from '../../edits/pending/block-format';
import { decideOpBlocks } from '../../edits/pending/plan-note';
import { PendingWidget } from './pending-widget';
import { ACCEPT_ANYWAY, ACCEPT_ANYWAY_LABEL, showProvenance } from './provenance';
import { planFolderOf } from './plan-block';
import { readNote } from './read-note';
import { isNoteEdit } from '../../vault-vfs/operations';
import { editValueLines } from './op-edit-values';
import { acceptAndRun, summaryText } from './run-operations';
import { locateShown, readShownOp } from './shown-block';
import type { WidgetDeps } from './widget-deps';

const TYPE_LABEL: Record<OpBlockData['type'], string> = {
  create_folder: 'New folder',
  move: 'Move',
  rename: 'Rename',
  trash: 'Move to trash',
  add_tags: 'Add tags',
  remove_tags: 'Remove tags',
  set_properties: 'Set properties',
};
const RISK_LABEL: Record<OpBlockData['risk'], string> = { low: 'Low risk', medium: 'Medium risk', high: 'High risk' };
type ShownState = OpState | 'pending';
const STATE_LABEL: Record<ShownState, string> = { pending: 'Pending', accepted: 'Accepted, not run yet', rejected: 'Rejected', done: 'Done', failed: 'Failed', undone: 'Undone (it ran, then was undone); accept to run it again' };

export class OpBlockWidget extends PendingWidget {
  private stateEl: HTMLElement | null = null;
  private actionsEl: HTMLElement | null = null;
  /** Set by the explicit "Accept anyway" click on an operation the ledger does not know. */
  private confirmedUnrecorded = false;
  private anywayShown = false;

  constructor(
    containerEl: HTMLElement,
    private readonly source: string,
    private readonly note: string,
    private readonly deps: WidgetDeps,
  ) {
    super(containerEl);
  }

  protected override journalState(): StateStore {
    return this.deps.port().state;
  }

  protected render(): void {
    const el = this.containerEl;
    el.addClass('reeve-op');
    const shown = readShownOp(this.source);
    const header = el.createDiv({ cls: 'reeve-pending-header' });
    if (shown.state === 'damaged') {
      el.addClass('is-damaged');
      header.createSpan({ cls: 'reeve-pending-title', text: 'Damaged operation block' });
      el.createDiv({ cls: 'reeve-pending-reason', text: `This block cannot be read: ${shown.damage.reason}. Fix or remove it by hand.` });
      return;
    }
    const data = shown.data;
    header.createSpan({ cls: 'reeve-pending-title', text: TYPE_LABEL[data.type] });
    header.createSpan({ cls: ['reeve-badge', 'reeve-risk', `is-${data.risk}`], text: RISK_LABEL[data.risk] });
    this.stateEl = header.createSpan({ cls: 'reeve-badge reeve-op-state' });
    this.showState(data.state ?? 'pending', data.error);
    const paths = el.createDiv({ cls: 'reeve-op-paths' });
    if (data.type === 'create_folder' || data.type === 'trash') paths.createEl('code', { text: data.path ?? '' });
    else if (isNoteEdit(data)) {
      paths.createEl('code', { text: data.path ?? '' });
      const values = el.createDiv({ cls: 'reeve-op-values' });
      for (const line of editValueLines(data)) values.createEl('code', { cls: 'reeve-op-value', text: line });
    } else {
      paths.createEl('code', { text: data.source ?? '' });
      paths.createSpan({ cls: 'reeve-op-arrow', text: ' → ' });
      paths.createEl('code', { text: data.destination ?? '' });
    }
    if (data.rule !== undefined) el.createDiv({ cls: 'reeve-pending-detail', text: `Rule: ${data.rule}` });
    if (data.reason !== undefined) el.createDiv({ cls: 'reeve-pending-detail', text: `Why: ${data.reason}` });
    const state = data.state ?? 'pending';
    if (state === 'done' || state === 'failed') return;
    const provenance = el.createDiv();
    void showProvenance(provenance, this.deps.port(), this.note, data, () => this.alive).catch(() => undefined);
    const actions = el.createDiv({ cls: 'reeve-pending-actions' });
    this.actionsEl = actions;
    const what = `${TYPE_LABEL[data.type].toLowerCase()} ${data.source ?? data.path ?? ''}`;
    const acceptText = state === 'accepted' ? 'Run now' : 'Accept';
    this.addButton(actions, acceptText, `Accept and run this operation now: ${what}`, () => this.accept(data), true);
    if (state !== 'rejected') this.addButton(actions, 'Reject', `Reject this operation: ${what}`, () => this.reject(data));
    this.addMessageArea(el);
  }

  private showState(state: ShownState, error?: string): void {
    if (!this.stateEl || !this.alive) return;
    this.stateEl.setText(STATE_LABEL[state]);
    this.stateEl.className = `reeve-badge reeve-op-state is-${state}`;
    if (error !== undefined) this.containerEl.createDiv({ cls: 'reeve-pending-detail is-error', text: `Error: ${error}` });
  }

  /** The plan note as it is now, the block as shown, and the folder its plan organizes. */
  private async context(data: OpBlockData): Promise<{ ok: true; folder: string } | { ok: false; reason: string }> {
    const text = await readNote(this.deps.port(), this.note);
    if (text === null) return { ok: false, reason: `the plan note ${this.note} is gone` };
    const found = locateShown(text, data.id, this.source);
    if (!found.ok) return found;
    return planFolderOf(text, data.job);
  }

  private async accept(data: OpBlockData): Promise<void> {
    const ctx = await this.context(data);
    if (!ctx.ok) return this.tell('error', `operation not run: ${ctx.reason}`);
    const port = this.deps.port();
    const s = await acceptAndRun(port, this.note, [data.id], this.deps.organizePolicy(ctx.folder), this.deps.onJobDone, this.confirmedUnrecorded);
    const refused = s.refused.find((r) => r.id === data.id);
    if (refused) {
      if (refused.unrecorded) this.offerAcceptAnyway(data);
      return this.tell('error', `operation not run: ${refused.reason}`);
    }
    this.finish();
    const failed = s.failed.find((f) => f.id === data.id);
    if (failed) {
      this.showState('failed', failed.error);
      return this.tell('error', `operation failed: ${failed.error}`);
    }
    this.showState('done');
    this.tell('done', `${summaryText(s)}. "Undo last organize" reverses it`);
  }

  /** The explicit confirmation for an operation Reeve did not plan here: a second button. */
  private offerAcceptAnyway(data: OpBlockData): void {
    if (this.anywayShown || !this.actionsEl || !this.alive) return;
    this.anywayShown = true;
    this.addButton(this.actionsEl, ACCEPT_ANYWAY, ACCEPT_ANYWAY_LABEL, () => {
      this.confirmedUnrecorded = true;
      return this.accept(data);
    });
  }

  private async reject(data: OpBlockData): Promise<void> {
    const ctx = await this.context(data);
    if (!ctx.ok) return this.tell('error', `operation not rejected: ${ctx.reason}`);
    const [d] = await decideOpBlocks(this.deps.port(), this.note, [data.id], 'reject', this.deps.organizePolicy(ctx.folder));
    if (d?.status !== 'done') return this.tell('error', `operation not rejected: ${d?.reason ?? 'refused'}`);
    this.finish();
    this.showState('rejected');
    this.tell('done', 'operation rejected');
  }
}
