// The `ai-edit` widget: the proposal as an inert diff with Accept / Reject, or a damaged block
// with a way to put its original text back. Every decision is checked against the note as it is
// now (the block must still be exactly what was shown) and by the one check of accept-check.ts
// (on accept: the policy it was proposed under and the settings now; on reject of a block Reeve
// has no record of: an explicit "Reject anyway"); it is written through the journal, so it can be undone.
import type { StateStore } from '../../vault-vfs/vault-port';
import { diffModel } from '../../edits/diff/diff-model';
import { journaledNoteWriter } from '../../edits/journal/journaled-note-writer';
import { decisionJobDescription } from '../../edits/pending/decision-job';
import type { EditBlockData } from '../../edits/pending/block-format';
import type { DamagedInfo } from '../../edits/pending/find-blocks';
import { resolveEditBlock, restoreDamagedBlock, type Decision } from '../../edits/pending/resolve-edit-blocks';
import { renderDiff } from './diff-view';
import { PendingWidget } from './pending-widget';
import { ACCEPT_ANYWAY, ACCEPT_ANYWAY_LABEL, REJECT_ANYWAY, REJECT_ANYWAY_LABEL, showProvenance } from './provenance';
import { readNote } from './read-note';
import { locateDamaged, locateShown, readShownEdit } from './shown-block';
import type { WidgetDeps } from './widget-deps';

const TYPE_LABEL: Record<EditBlockData['type'], string> = { add: 'Add', replace: 'Replace', delete: 'Delete' };

export class EditBlockWidget extends PendingWidget {
  private actionsEl: HTMLElement | null = null;
  /** Set by the explicit "Accept anyway" / "Reject anyway" click on a block the ledger does not know. */
  private confirmedUnrecorded: Decision | null = null;
  private readonly anywayShown = new Set<Decision>();

  constructor(
    containerEl: HTMLElement,
    private readonly source: string,
    private readonly note: string,
    private readonly deps: WidgetDeps,
    /** The 0-based line the block starts on, as Obsidian reports it at click time, if it can. */
    private readonly lineHint: () => number | null,
  ) {
    super(containerEl);
  }

  protected override journalState(): StateStore {
    return this.deps.port().state;
  }

  protected render(): void {
    const shown = readShownEdit(this.source);
    this.containerEl.addClass('reeve-edit');
    if (shown.state === 'damaged') this.renderDamaged(shown.damage);
    else this.renderProposal(shown.data);
  }

  private header(title: string, badge: string): void {
    const header = this.containerEl.createDiv({ cls: 'reeve-pending-header' });
    header.createSpan({ cls: 'reeve-pending-title', text: title });
    header.createSpan({ cls: 'reeve-badge', text: badge });
  }

  private renderProposal(data: EditBlockData): void {
    this.header(data.newNote ? 'Proposed new note' : 'Proposed edit', TYPE_LABEL[data.type]);
    renderDiff(this.containerEl, diffModel(data.before, data.after));
    const provenance = this.containerEl.createDiv();
    void showProvenance(provenance, this.deps.port(), this.note, data, () => this.alive).catch(() => undefined);
    const actions = this.containerEl.createDiv({ cls: 'reeve-pending-actions' });
    this.actionsEl = actions;
    this.addButton(actions, 'Accept', 'Accept this edit and write the new text into the note', () => this.decide(data.id, 'accept'), true);
    this.addButton(actions, 'Reject', 'Reject this edit and put the original text back', () => this.decide(data.id, 'reject'));
    this.addMessageArea(this.containerEl);
  }

  private renderDamaged(damage: DamagedInfo): void {
    this.containerEl.addClass('is-damaged');
    this.header('Damaged edit block', 'Damaged');
    this.containerEl.createDiv({ cls: 'reeve-pending-reason', text: `This block cannot be read: ${damage.reason}.` });
    if (damage.restorable && damage.before !== null) {
      const what = damage.before === '' ? 'The block only added text: restoring removes it.' : 'The original text it stands in for can be recovered:';
      this.containerEl.createDiv({ cls: 'reeve-pending-detail', text: what });
      if (damage.before !== '') this.containerEl.createEl('pre', { cls: 'reeve-diff-plain', text: damage.before });
      const actions = this.containerEl.createDiv({ cls: 'reeve-pending-actions' });
      this.addButton(actions, 'Restore original text', 'Restore the original text and remove the damaged block', () => this.restore());
    } else {
      this.containerEl.createDiv({ cls: 'reeve-pending-detail', text: 'Its original text cannot be recovered: fix or remove the block by hand.' });
    }
    this.addMessageArea(this.containerEl);
  }

  private async decide(id: string, decision: Decision): Promise<void> {
    const verb = decision === 'accept' ? 'accepted' : 'rejected';
    const port = this.deps.port();
    const text = await readNote(port, this.note);
    if (text === null) return this.tell('error', `edit not ${verb}: the note ${this.note} is gone`);
    const found = locateShown(text, id, this.source);
    if (!found.ok) return this.tell('error', `edit not ${verb}: ${found.reason}`);
    const outcome = await resolveEditBlock(port, this.note, id, decision, {
      policy: this.deps.editPolicy(this.note),
      writer: journaledNoteWriter(port, decisionJobDescription(decision, id, this.note)),
      expectedRaw: found.block.raw,
      confirmUnrecorded: this.confirmedUnrecorded === decision,
    });
    if (outcome.status === 'refused') {
      if (outcome.unrecorded) this.offerAnyway(id, decision);
      return this.tell('error', `edit not ${verb}: ${outcome.reason ?? 'refused'}`);
    }
    this.finish();
    this.tell('done', decision === 'accept' ? 'edit accepted: the new text is in the note' : 'edit rejected: the original text is back');
  }

  /**
   * The explicit confirmation for a block Reeve did not propose here: a second button. Rejecting
   * asks too, since it writes back the block's `before`, text a stranger may have written.
   */
  private offerAnyway(id: string, decision: Decision): void {
    if (this.anywayShown.has(decision) || !this.actionsEl || !this.alive) return;
    this.anywayShown.add(decision);
    const [text, label] = decision === 'accept' ? [ACCEPT_ANYWAY, ACCEPT_ANYWAY_LABEL] : [REJECT_ANYWAY, REJECT_ANYWAY_LABEL];
    this.addButton(this.actionsEl, text, label, () => {
      this.confirmedUnrecorded = decision;
      return this.decide(id, decision);
    });
  }

  private async restore(): Promise<void> {
    const port = this.deps.port();
    const text = await readNote(port, this.note);
    if (text === null) return this.tell('error', `nothing restored: the note ${this.note} is gone`);
    const found = locateDamaged(text, this.source, this.lineHint());
    if (!found.ok) return this.tell('error', `nothing restored: ${found.reason}`);
    const outcome = await restoreDamagedBlock(port, this.note, found.block.from + 1, {
      writer: journaledNoteWriter(port, `restore damaged block in ${this.note}`),
      expectedRaw: found.block.raw,
    });
    if (outcome.status === 'refused') return this.tell('error', `nothing restored: ${outcome.reason ?? 'refused'}`);
    this.finish();
    this.tell('done', 'original text restored and the damaged block removed');
  }
}
