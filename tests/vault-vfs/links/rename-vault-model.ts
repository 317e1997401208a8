// Random small vaults and rename operations for the link-preservation property test: notes in
// nested folders with duplicate names, wikilinks, embeds, aliases, heading and block subpaths,
// markdown links (relative, encoded, `<...>`), frontmatter links, links inside code, and unresolved
// links whose names no file ever takes (so the graph can be compared exactly).

import fc from 'fast-check';
import type { RenameEntry } from '../../../src/vault-vfs/links/expand-renames';
import type { NewLinkFormat } from '../../../src/vault-vfs/vault-port';

export const FOLDERS = ['', 'A', 'A/B', 'Deep/er/Path', 'Sp ace', 'Ünï'];
export const NOTE_NAMES = ['Note', 'Alpha', 'Beta Gamma', 'Dup', 'x.y', 'Ça va', '100% (draft)', 'Réunion'];
export const ATTACHMENT_NAMES = ['img.png', 'Pic 1.jpg', 'doc.pdf'];
const ATTACHMENT_BASES = ['img', 'Pic 2', 'scan'];
const SUBPATHS = ['', '#Heading', '#^blk1', '#Part#Deeper'];

export interface VaultModel {
  files: string[];
  texts: Map<string, string>;
}

export type Op = { kind: 'renameFile' | 'moveFile' | 'caseFile' | 'moveFolder' | 'caseFolder'; a: number; b: number; sub: boolean };

interface LinkItem {
  t: 'link';
  target: number;
  form: number;
  sub: number;
  alias: boolean;
  embed: boolean;
  style: 'wiki' | 'md' | 'angle' | 'frontmatter';
  upper: boolean;
}
type Item = LinkItem | { t: 'missing'; n: number; md: boolean } | { t: 'code'; target: number; fenced: boolean } | { t: 'text'; s: string };

const join = (folder: string, name: string): string => (folder === '' ? name : `${folder}/${name}`);
const folderOf = (p: string): string => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
const nameOf = (p: string): string => p.slice(p.lastIndexOf('/') + 1);
const noMd = (p: string): string => (p.endsWith('.md') ? p.slice(0, -3) : p);

function relativePath(fromFolder: string, to: string): string {
  const from = fromFolder === '' ? [] : fromFolder.split('/');
  const parts = to.split('/');
  let k = 0;
  while (k < from.length && k < parts.length - 1 && from[k] === parts[k]) k++;
  const up = from.length - k;
  return (up === 0 ? './' : '../'.repeat(up)) + parts.slice(k).join('/');
}

/** The link path of `target` as seen from `source`, in one of several equivalent-looking forms. */
function pathForm(target: string, source: string, form: number): string {
  const isNote = target.endsWith('.md');
  switch (form % 7) {
    case 0:
      return isNote ? noMd(nameOf(target)) : nameOf(target);
    case 1:
      return nameOf(target);
    case 2:
      return noMd(target);
    case 3:
      return target;
    case 4:
      return target.split('/').slice(-2).join('/');
    case 5:
      return relativePath(folderOf(source), target);
    default:
      return '/' + target;
  }
}

const encodePath = (p: string): string => p.split('/').map(encodeURIComponent).join('/');

function render(item: Item, i: number, source: string, files: string[], frontmatter: string[]): string {
  if (item.t === 'text') return item.s;
  if (item.t === 'missing') return item.md ? `[gone ${i}](Nowhere/Ghost%20${item.n}.md)` : `[[Missing ${item.n}#H|m]]`;
  const target = files[item.target % files.length] ?? '';
  if (item.t === 'code') return item.fenced ? `\n\`\`\`\n[[${noMd(target)}]]\n\`\`\`\n` : `\`[[${noMd(target)}]]\``;
  let path = pathForm(target, source, item.form);
  if (item.upper) path = path.toUpperCase();
  const sub = SUBPATHS[item.sub % SUBPATHS.length] ?? '';
  const bang = item.embed ? '!' : '';
  switch (item.style) {
    case 'wiki':
      return `${bang}[[${path}${sub}${item.alias ? `|Shown ${i}` : ''}]]`;
    case 'md':
      return `${bang}[Text ${i}](${encodePath(path)}${sub})`;
    case 'angle':
      return `${bang}[Text ${i}](<${path}${sub}>)`;
    default:
      frontmatter.push(`  - "[[${path}${sub}${item.alias ? `|Shown ${i}` : ''}]]"`);
      return '';
  }
}

const itemArb = (): fc.Arbitrary<Item> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.record({
      t: fc.constant('link' as const), target: fc.nat(), form: fc.nat(), sub: fc.nat(), alias: fc.boolean(), embed: fc.boolean(),
      style: fc.constantFrom('wiki' as const, 'wiki' as const, 'md' as const, 'angle' as const, 'frontmatter' as const), upper: fc.boolean(),
    }) },
    { weight: 1, arbitrary: fc.record({ t: fc.constant('missing' as const), n: fc.nat(9), md: fc.boolean() }) },
    { weight: 1, arbitrary: fc.record({ t: fc.constant('code' as const), target: fc.nat(), fenced: fc.boolean() }) },
    { weight: 2, arbitrary: fc.record({ t: fc.constant('text' as const), s: fc.constantFrom('plain words', '#tag', '\n\n## Heading\n', '\n- item ', 'and then,', '\n> quote ') }) },
  );

const fileArb = fc.record({ folder: fc.nat(FOLDERS.length - 1), name: fc.nat(NOTE_NAMES.length - 1), attachment: fc.nat(5) });

export const vaultArb: fc.Arbitrary<VaultModel> = fc
  .uniqueArray(fileArb, {
    minLength: 2,
    maxLength: 9,
    selector: (f) => join(FOLDERS[f.folder] ?? '', f.attachment === 0 ? ATTACHMENT_NAMES[f.name % 3] ?? '' : `${NOTE_NAMES[f.name] ?? ''}.md`).toLowerCase(),
  })
  .chain((specs) => {
    const files = specs.map((f) => join(FOLDERS[f.folder] ?? '', f.attachment === 0 ? ATTACHMENT_NAMES[f.name % 3] ?? '' : `${NOTE_NAMES[f.name] ?? ''}.md`));
    const notes = files.filter((f) => f.endsWith('.md'));
    return fc.tuple(...notes.map(() => fc.array(itemArb(), { maxLength: 10 }))).map((contents) => {
      const texts = new Map<string, string>();
      notes.forEach((note, n) => {
        const frontmatter: string[] = [];
        const body = (contents[n] ?? []).map((item, i) => render(item, i, note, files, frontmatter)).join(' ');
        texts.set(note, frontmatter.length > 0 ? `---\ntitle: t\nlinks:\n${frontmatter.join('\n')}\n---\n${body}` : body);
      });
      return { files, texts };
    });
  })
  .filter((v) => v.texts.size > 0);

export const opArb: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom('renameFile' as const, 'moveFile' as const, 'caseFile' as const, 'moveFolder' as const, 'caseFolder' as const),
  a: fc.nat(),
  b: fc.nat(),
  sub: fc.boolean(),
});

export const formatArb: fc.Arbitrary<NewLinkFormat> = fc.constantFrom('shortest' as const, 'relative' as const, 'absolute' as const);

const flipCase = (s: string): string => (s === s.toUpperCase() ? s.toLowerCase() : s.toUpperCase());

/** The rename an operation means in the current vault (a file or a folder), or null if none. */
export function renameFor(op: Op, files: string[]): RenameEntry | null {
  const file = files[op.a % files.length] ?? '';
  const folders = [...new Set(files.flatMap((f) => {
    const parts = folderOf(f).split('/').filter((x) => x !== '');
    return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  }))].sort();
  const folder = folders[op.a % Math.max(1, folders.length)];
  switch (op.kind) {
    case 'renameFile': {
      const ext = file.slice(file.lastIndexOf('.'));
      const base = ext === '.md' ? NOTE_NAMES[op.b % NOTE_NAMES.length] : ATTACHMENT_BASES[op.b % ATTACHMENT_BASES.length];
      return { from: file, to: join(folderOf(file), `${base ?? 'x'}${op.sub ? ' 2' : ''}${ext}`) };
    }
    case 'moveFile':
      return { from: file, to: join(FOLDERS[op.b % FOLDERS.length] ?? '', nameOf(file)) };
    case 'caseFile': {
      const name = nameOf(file);
      const dot = name.lastIndexOf('.');
      return { from: file, to: join(folderOf(file), flipCase(name.slice(0, dot)) + name.slice(dot)) };
    }
    case 'moveFolder': {
      if (folder === undefined) return null;
      const dest = (FOLDERS[op.b % FOLDERS.length] ?? '') || 'Top';
      return { from: folder, to: op.sub ? `${dest}/Sub` : dest };
    }
    case 'caseFolder':
      return folder === undefined ? null : { from: folder, to: join(folderOf(folder), flipCase(nameOf(folder))) };
  }
}
