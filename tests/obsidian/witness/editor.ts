// The witness's Editor: what Obsidian's `Editor` does on CodeMirror 6, as far as a write into an
// open note can tell (docs.obsidian.md/Plugins/Editor/Editor: "Obsidian uses CodeMirror (CM) as
// the underlying text editor"). The mocks' Editor applies a transaction's changes one after the
// other, moves the cursor to the end of every replacement and keeps one undo step per change;
// CodeMirror does none of that:
// - "The from/to in each of these changes refer to positions in the start document, not to the
//   document created by previously listed changes" (codemirror.net/examples/change);
// - a transaction that sets no selection maps the selection through its changes (CM6 reference,
//   TransactionSpec.selection: only "when set" does a transaction replace it); a cursor maps with
//   assoc -1, a range's start with +1 and its end with -1 (SelectionRange.map);
// - `replaceSelection` "moves the selection ranges to the end of that string" (examples/change);
// - the history undoes one transaction as one step and restores the selection it started with
//   (@codemirror/commands history; adjacent typing may be joined in real use, never done here).
// One selection range is modelled (the mocks keep one anchor and head).
import type { EditorChange, EditorPosition, EditorTransaction } from 'obsidian';
import { Editor } from 'obsidian-test-mocks/obsidian';

interface OffsetChange {
  from: number;
  to: number;
  text: string;
}

interface Snapshot {
  content: string;
  anchor: EditorPosition;
  head: EditorPosition;
}

/** Where `pos` lands after `changes` (sorted, against the start document): ChangeDesc.mapPos. */
function mapOffset(pos: number, changes: OffsetChange[], assoc: -1 | 1): number {
  let delta = 0;
  for (const c of changes) {
    if (pos < c.from || (pos === c.from && assoc < 0 && c.from === c.to)) break;
    if (pos > c.to || (pos === c.to && c.from < c.to && pos !== c.from)) {
      delta += c.text.length - (c.to - c.from);
      continue;
    }
    // At the start of a replaced range, or inside it with assoc -1: its start; else its end.
    return c.from + delta + (assoc < 0 || (pos === c.from && c.from < c.to) ? 0 : c.text.length);
  }
  return pos + delta;
}

export class WitnessEditor extends Editor {
  /** Called after every change of the text (the view's autosave listens: TextFileView.requestSave). */
  onChange__: () => void = () => undefined;
  private readonly history: Snapshot[] = [];
  private readonly future: Snapshot[] = [];

  private snapshot(): Snapshot {
    return { content: this.getValue(), anchor: this.getCursor('anchor'), head: this.getCursor('head') };
  }

  private restore(s: Snapshot): void {
    this.setValue(s.content);
    this.setSelection(s.anchor, s.head);
    this.onChange__();
  }

  override transaction(tx: EditorTransaction, _origin?: string): void {
    const start = this.snapshot();
    const off = (p: EditorPosition): number => this.posToOffset(p);
    const changes: OffsetChange[] = (tx.changes ?? []).map((c: EditorChange) => ({ from: off(c.from), to: off(c.to ?? c.from), text: c.text }));
    const [a, h] = [off(start.anchor), off(start.head)];
    if (tx.replaceSelection !== undefined) changes.push({ from: Math.min(a, h), to: Math.max(a, h), text: tx.replaceSelection });
    changes.sort((x, y) => x.from - y.from);
    for (let i = 1; i < changes.length; i++) {
      if ((changes[i] as OffsetChange).from < (changes[i - 1] as OffsetChange).to) throw new RangeError('Overlapping changes in one transaction');
    }
    let text = '';
    let at = 0;
    for (const c of changes) {
      text += start.content.slice(at, c.from) + c.text;
      at = c.to;
    }
    text += start.content.slice(at);
    // A range's start maps with +1 and its end with -1, whichever of anchor and head it is.
    let anchor = mapOffset(a, changes, a === h || a > h ? -1 : 1);
    let head = mapOffset(h, changes, a === h || h > a ? -1 : 1);
    if (tx.replaceSelection !== undefined) anchor = head = mapOffset(Math.min(a, h), changes, -1) + tx.replaceSelection.length;
    if (changes.length > 0) {
      this.history.push(start);
      this.future.length = 0;
      this.setValue(text);
    }
    this.setSelection(this.offsetToPos(anchor), this.offsetToPos(head));
    const sel = tx.selections?.[0] ?? tx.selection;
    if (sel) this.setSelection(sel.from, sel.to ?? sel.from);
    if (changes.length > 0) this.onChange__();
  }

  override replaceRange(replacement: string, from: EditorPosition, to?: EditorPosition, origin?: string): void {
    this.transaction({ changes: [{ from, to: to ?? from, text: replacement }] }, origin);
  }

  override replaceSelection(replacement: string, origin?: string): void {
    this.transaction({ replaceSelection: replacement }, origin);
  }

  override undo(): void {
    const s = this.history.pop();
    if (!s) return;
    this.future.push(this.snapshot());
    this.restore(s);
  }

  override redo(): void {
    const s = this.future.pop();
    if (!s) return;
    this.history.push(this.snapshot());
    this.restore(s);
  }

  /** Loads a text (TextFileView.setViewData): a new document, its history cleared when `clear`. */
  load__(text: string, clear: boolean): void {
    if (clear) {
      this.history.length = 0;
      this.future.length = 0;
    }
    this.setValue(text);
  }
}
