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
// Folds (editor.exec 'toggleFold' / 'foldAll' / 'unfoldAll', EditorCommandName in obsidian.d.ts)
// are CodeMirror's fold state (@codemirror/language, foldState): a fold is a range of the document,
// mapped through every transaction's changes (its start with assoc 1, its end with -1, dropped when
// it collapses: `mapRange`), and dropped when a selection the transaction sets puts the head
// strictly inside it ("Clear folded ranges that cover the selection head"). A heading folds from
// the end of its line to the end of its section (its last non-blank line before a heading of its
// level or higher); list folding is not modelled. Loading the file's text again drops them all (the plugin
// guidelines: with Vault.modify on an open note "folded content ... is lost").
import type { EditorChange, EditorCommandName, EditorPosition, EditorTransaction } from 'obsidian';
import { Editor } from 'obsidian-test-mocks/obsidian';

interface OffsetChange {
  from: number;
  to: number;
  text: string;
}

interface Fold {
  from: number;
  to: number;
}

/** Where a fold lands after `changes`, or null when nothing of it is left (foldState's mapRange). */
function mapFold(fold: Fold, changes: OffsetChange[]): Fold | null {
  const from = mapOffset(fold.from, changes, 1);
  const to = mapOffset(fold.to, changes, -1);
  return from >= to ? null : { from, to };
}

/** The one change that turns `a` into `b` (what both share at either end stays). */
function diffOf(a: string, b: string): OffsetChange[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return a === b ? [] : [{ from: start, to: a.length - end, text: b.slice(start, b.length - end) }];
}

const HEADING = /^(#{1,6})[ \t]/;

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
  private folds: Fold[] = [];

  private snapshot(): Snapshot {
    return { content: this.getValue(), anchor: this.getCursor('anchor'), head: this.getCursor('head') };
  }

  private restore(s: Snapshot): void {
    // Undo and redo are transactions too: folds map through what they change.
    this.mapFolds(diffOf(this.getValue(), s.content));
    this.setValue(s.content);
    super.setSelection(s.anchor, s.head);
    this.onChange__();
  }

  private mapFolds(changes: OffsetChange[]): void {
    this.folds = this.folds.map((f) => mapFold(f, changes)).filter((f): f is Fold => f !== null);
  }

  /** A selection set (by the user or a transaction) unfolds what covers its head. */
  private unfoldAtHead(): void {
    const head = this.posToOffset(this.getCursor('head'));
    this.folds = this.folds.filter((f) => !(f.from < head && f.to > head));
  }

  override setSelection(anchor: EditorPosition, head?: EditorPosition): void {
    super.setSelection(anchor, head);
    this.unfoldAtHead();
  }

  override setCursor(pos: EditorPosition | number, ch?: number): void {
    super.setCursor(pos, ch);
    this.unfoldAtHead();
  }

  /** The foldable range of the heading on `line`: end of its line to the end of its section. */
  private headingFold(line: number): Fold | null {
    const level = HEADING.exec(this.getLine(line))?.[1]?.length;
    if (level === undefined) return null;
    let last = line;
    for (let l = line + 1; l <= this.lastLine(); l++) {
      const other = HEADING.exec(this.getLine(l))?.[1]?.length;
      if (other !== undefined && other <= level) break;
      if (this.getLine(l).trim() !== '') last = l;
    }
    const from = this.posToOffset({ line, ch: this.getLine(line).length });
    const to = this.posToOffset({ line: last, ch: this.getLine(last).length });
    return from < to ? { from, to } : null;
  }

  override exec(command: EditorCommandName): void {
    if (command === 'unfoldAll') this.folds = [];
    else if (command === 'foldAll') {
      for (let l = 0; l <= this.lastLine(); l++) {
        const f = this.headingFold(l);
        if (f && !this.folds.some((x) => x.from === f.from)) this.folds.push(f);
      }
    } else if (command === 'toggleFold') {
      const f = this.headingFold(this.getCursor('head').line);
      if (!f) return;
      const had = this.folds.length;
      this.folds = this.folds.filter((x) => x.from !== f.from);
      if (this.folds.length === had) this.folds.push(f);
    } else super.exec(command);
  }

  /** The folded ranges as lines: the heading's line and the section's last line. */
  foldedLines__(): { from: number; to: number }[] {
    return this.folds
      .map((f) => ({ from: this.offsetToPos(f.from).line, to: this.offsetToPos(f.to).line }))
      .sort((a, b) => a.from - b.from);
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
      this.mapFolds(changes);
    }
    // A mapped selection is not a selection the transaction sets: only a set one unfolds.
    super.setSelection(this.offsetToPos(anchor), this.offsetToPos(head));
    const sel = tx.selections?.[0] ?? tx.selection;
    if (sel) this.setSelection(sel.from, sel.to ?? sel.from);
    else if (tx.replaceSelection !== undefined) this.unfoldAtHead();
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
    this.folds = [];
    this.setValue(text);
  }
}
