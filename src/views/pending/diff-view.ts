// Renders the diff model as inert text: every piece goes in with textContent, never as Markdown
// or HTML, so a proposal cannot load an image or follow a link before it is accepted. Changed
// lines are <ins>/<del> after a +/- sign (assistive technology announces both); changed words
// within a line are <ins>/<del> too.
import type { DiffLine, DiffModel } from '../../edits/diff/diff-model';

const SIGN: Record<DiffLine['kind'], string> = { same: ' ', added: '+', removed: '-' };

function renderLine(box: HTMLElement, line: DiffLine): void {
  const row = box.createDiv({ cls: ['reeve-diff-line', `is-${line.kind}`]});
  row.createSpan({ cls: 'reeve-diff-sign', text: SIGN[line.kind] });
  if (!line.spans) {
    row.createEl(line.kind === 'added' ? 'ins' : line.kind === 'removed' ? 'del' : 'span', { cls: 'reeve-diff-text', text: line.text });
    return;
  }
  const text = row.createSpan({ cls: 'reeve-diff-text' });
  for (const span of line.spans) {
    if (span.kind === 'same') text.appendText(span.text);
    else text.createEl(span.kind === 'added' ? 'ins' : 'del', { cls: 'reeve-diff-word', text: span.text });
  }
}

export function renderDiff(parent: HTMLElement, model: DiffModel): HTMLElement {
  const box = parent.createDiv({ cls: 'reeve-diff', attr: { role: 'group', 'aria-label': 'Proposed change' } });
  if (model.mode === 'plain') {
    box.createDiv({ cls: 'reeve-diff-note', text: `Shown as before and after: ${model.reason}.` });
    box.createDiv({ cls: 'reeve-diff-caption', text: 'Before' });
    box.createEl('pre', { cls: 'reeve-diff-plain is-removed', text: model.before });
    box.createDiv({ cls: 'reeve-diff-caption', text: 'After' });
    box.createEl('pre', { cls: 'reeve-diff-plain is-added', text: model.after });
    return box;
  }
  if (model.lines.every((l) => l.kind === 'same')) box.createDiv({ cls: 'reeve-diff-note', text: 'The text would not change.' });
  for (const line of model.lines) renderLine(box, line);
  return box;
}
