// The notes the extractor's recorded answers are kept for (extractor-answers.test.ts): the generated
// benchmark vault, random notes built from the constructs most likely to go wrong (nested brackets,
// code spans, fences, HTML, `%%` comments, math, tables, CRLF, BOM, two-byte text, cut-short
// constructs), the CommonMark spec's examples with their link variants, and the Obsidian Help vault.
// Each set is fixed by a seed or a published source, so its answers can be recorded once.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { generateCorpus, makeRng } from '../../../../bench/corpus';
import { HELP_VAULT } from '../../../helpers/help-vault';
import { specCases } from '../conformance/spec-examples';

export type NoteSet = 'generated' | 'random' | 'spec' | 'help';
export const NOTE_SETS: NoteSet[] = ['generated', 'random', 'spec', 'help'];

/** Every own enumerable field in order, `undefined` kept (JSON would drop it), getters read. */
export function canonical(value: unknown): unknown {
  if (value === undefined) return '<undefined>';
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    const proto = Object.getPrototypeOf(value) === Object.prototype ? 'object' : String(Object.getPrototypeOf(value));
    return ['<' + proto + '>', ...Object.keys(value).map((k) => [k, canonical((value as Record<string, unknown>)[k])])];
  }
  return value;
}

/** A short digest of one answer (16 hex digits of its SHA-256: a changed answer is told apart). */
export function answerDigest(answer: unknown): string {
  return createHash('sha256').update(JSON.stringify(canonical(answer))).digest('hex').slice(0, 16);
}

/** One digest of a set's inputs, so a changed corpus is reported as such, not as changed answers. */
export function inputsDigest(notes: [string, string][]): string {
  const h = createHash('sha256');
  for (const [name, text] of notes) h.update(name).update('\0').update(text).update('\0');
  return h.digest('hex').slice(0, 16);
}

function* markdownFiles(dir: string, under = ''): Generator<[string, string]> {
  const entries = readdirSync(path.join(dir, under), { withFileTypes: true }).sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  for (const entry of entries) {
    const rel = path.join(under, entry.name);
    if (entry.isDirectory()) yield* markdownFiles(dir, rel);
    else if (entry.name.endsWith('.md')) yield [rel, readFileSync(path.join(dir, rel), 'utf8')];
  }
}

/** Pieces of notes that exercise every pass, valid and broken, nested and across lines. */
const PIECES = [
  'Plain words, café résumé, nothing special here at all.',
  '日本語のノート [[ノート#見出し]] #タグ 😀 `コード` [リンク](ノート.md) %% コメント %%',
  'See [[Note A]] and [[Folder/Note B#Heading|alias]] and [[#^block-id]] and [[Note#A#B]].',
  '![[image.png]] ![[Note#Section]] ![alt](pic%20one.png) [md](Other%20note.md#part) [ext](https://x.org/a)',
  '[outer [inner](a.md) text](b.md) [![img](i.png)](c.md) [![[w.png]]](d.md) [[a]b]] [x]( y.md ) [u](<sp ace.md>)',
  '[[unclosed and [half](open and ]] stray ]] [[ [[',
  '`code [[not]] #nottag` and ``two `ticks` [[no]]`` and `unclosed [[yes]]',
  '```js\nconst x = "[[not a link]]"; // #no\n```',
  '~~~\n[[fenced]]\n~~~~',
  '    indented [[code]] #no',
  '<div>\n[[in html block]] #no\n</div>',
  'inline <span title="[[x]]">[[y]]</span> <!-- [[hidden]] --> after',
  '%% comment [[hidden]] #no %% visible #yes [[shown]]',
  '%%\nmulti-line [[hidden]]\n\n#still-hidden\n%%',
  '<!--\nhtml [[comment]]\n-->',
  '$x^2 [[not]]$ costs $5 and $10 [[link]] $$\n\\int [[no]]\n$$ after',
  '$$\nmath [[hidden]] #no\n$$',
  '| a | [[b]] |\n|---|:-:|\n| #tag | `[[c]]` |',
  '# Heading [[h]] #tag ##\n## Second #',
  'Setext [[s]]\n===',
  '- item [[one]]\n  - nested #tag ^item-id\n1. ordered [x](y.md)\n\n   continued',
  '> quote [[q]]\n> > deeper #q\nlazy [[line]]',
  '> [!note] Callout [[c]]\n> body #t ^callout-id',
  '[^1]: footnote [[f]]\n\nText[^1] ^para-id',
  'para line\n^alone-id',
  '\\[[escaped]] \\#no \\`tick` \\%% not comment',
  '#tag #nested/tag/deep #123 #with-dash_and_underscore #tag.stop',
  '***\n---\n___',
  '\t\ttabbed [[t]]\n>\t\tquoted code',
  '[ref]: https://example.org "title"\n[ref]',
  '<https://auto.link/[[x]]> <a@b.co>',
  '',
  '   ',
];

const FRONTMATTER = [
  '---\ntags: [a, b]\naliases:\n  - One\nlink: "[[Target]]"\n---',
  '---\ntitle: x\n__proto__: y\n1: one\nz: {a: 1}\n---',
  '---\nbad: [unclosed\n---',
  '---\n---',
];

function randomNote(rng: () => number): string {
  const parts: string[] = [];
  if (rng() < 0.4) parts.push(FRONTMATTER[Math.floor(rng() * FRONTMATTER.length)] as string);
  const count = 1 + Math.floor(rng() * 12);
  for (let i = 0; i < count; i++) {
    let piece = PIECES[Math.floor(rng() * PIECES.length)] as string;
    // Cut a piece short now and then: unclosed constructs are where scanners go wrong.
    if (rng() < 0.15) piece = piece.slice(0, Math.floor(rng() * piece.length));
    parts.push(piece);
  }
  const sep = rng() < 0.5 ? '\n' : '\n\n';
  let text = parts.join(sep);
  if (rng() < 0.25) text = text.replace(/\n/g, '\r\n');
  if (rng() < 0.1) text = '\uFEFF' + text;
  if (rng() < 0.1) text += '\n';
  return text;
}


/** The notes of one set, in a fixed order. */
export function noteSet(set: NoteSet): [string, string][] {
  if (set === 'generated') {
    const notes: [string, string][] = [];
    for (const f of generateCorpus({ notes: 2000, seed: 7 })) if (typeof f.data === 'string' && f.path.endsWith('.md')) notes.push([f.path, f.data]);
    return notes;
  }
  if (set === 'random') {
    const rng = makeRng(29);
    return Array.from({ length: 5000 }, (_, i): [string, string] => [`random ${i}`, randomNote(rng)]);
  }
  if (set === 'spec') return specCases().map((c): [string, string] => [c.id + ' ' + c.variant, c.markdown]);
  return [...markdownFiles(HELP_VAULT)];
}
