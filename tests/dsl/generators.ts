// fast-check generators for the property tests: well-typed rule expressions (as text, with
// random keyword case and camel/snake field names), token soup, and file records that hit the
// edge cases (day boundaries, 1024-byte boundaries, odd frontmatter values).
import fc from 'fast-check';
import type { FileRecord } from '../../src/vault-vfs/file-record';

const pick = <T>(...values: T[]): fc.Arbitrary<T> => fc.constantFrom(...values);

const kw = (word: string): fc.Arbitrary<string> => pick(word, word.toLowerCase(), word[0] + word.slice(1).toLowerCase());
const str = pick('alpha', 'ALPHA', 'md', 'pdf', 'Inbox', 'screenshot', '2024', 'report', '', 'a', 'project', 'Done', '3', '.eslintrc', 'with "quote"', 'back\\slash', 'istanbul', 'İstanbul'.toLowerCase(), 'K');
const quoted = str.map((s) => JSON.stringify(s));
const op = pick('==', '!=', '>', '<', '>=', '<=');
const eqop = pick('==', '!=');
const num = pick('0', '1', '2', '3', '1023', '1024', '2.5', '-1');
const size = pick('1KB', '1kb', '0.5KB', '1MB', '5MB', '1GB', '1024B');
const date = pick('2024-01-30', '2024-01-31', '2024-02-01', '2023-12-31');
const bool = pick('true', 'false', 'TRUE');
const strField = pick('file.name', 'file.ext', 'file.path', 'file.folder', 'file.mimeType', 'file.mime_type', 'FILE.NAME');
const listField = pick('file.tags', 'file.links', 'file.backlinks');
const dateField = pick('file.modifiedAt', 'file.modified_at', 'file.createdAt', 'file.created_at');
const fmKey = pick('status', 'priority', 'due', 'flag', 'list', 'missing', 'STATUS').map((k) => `file.frontmatter.${k}`);
const method = pick('contains', 'startsWith', 'endsWith', 'starts_with', 'ends_with');
const safeRe = pick('^a', 'pdf$', '\\d{4}', 'o.t', '^(alpha|beta)$', '[a-c]+x', 'project/');
const anyLiteral = fc.oneof(quoted, num, size, date, bool, pick('null'));
const list = <T extends string>(item: fc.Arbitrary<T>): fc.Arbitrary<string> => fc.array(item, { maxLength: 3 }).map((xs) => `[${xs.join(', ')}]`);

const atom: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(strField, eqop, quoted).map(([f, o, s]) => `${f} ${o} ${s}`),
  fc.tuple(strField, method, quoted).map(([f, m, s]) => `${f}.${m}(${s})`),
  fc.tuple(strField, kw('MATCHES'), safeRe).map(([f, k, r]) => `${f} ${k} ${JSON.stringify(r)}`),
  fc.tuple(strField, safeRe).map(([f, r]) => `${f}.matches(${JSON.stringify(r)})`),
  fc.tuple(strField, kw('IN'), list(quoted)).map(([f, k, l]) => `${f} ${k} ${l}`),
  fc.tuple(op, fc.oneof(num, size)).map(([o, n]) => `file.size ${o} ${n}`),
  fc.tuple(fc.oneof(num, size), op).map(([n, o]) => `${n} ${o} file.size`),
  fc.tuple(kw('IN'), list(fc.oneof(num, size))).map(([k, l]) => `file.size ${k} ${l}`),
  fc.tuple(dateField, op, date).map(([f, o, d]) => `${f} ${o} ${d}`),
  fc.tuple(dateField, op, dateField).map(([a, o, b]) => `${a} ${o} ${b}`),
  fc.tuple(dateField, kw('IN'), list(date)).map(([f, k, l]) => `${f} ${k} ${l}`),
  pick('file.isHidden', 'file.is_hidden'),
  fc.tuple(eqop, bool).map(([o, b]) => `file.isHidden ${o} ${b}`),
  fc.tuple(listField, quoted).map(([f, s]) => `${f}.contains(${s})`),
  fc.tuple(listField, op, num).map(([f, o, n]) => `${f}.count ${o} ${n}`),
  fc.tuple(listField, kw('IN'), list(quoted)).map(([f, k, l]) => `${f} ${k} ${l}`),
  fc.tuple(listField, safeRe).map(([f, r]) => `${f} MATCHES ${JSON.stringify(r)}`),
  fc.tuple(fmKey, op, fc.oneof(num, size, date)).map(([f, o, v]) => `${f} ${o} ${v}`),
  fc.tuple(fmKey, eqop, anyLiteral).map(([f, o, v]) => `${f} ${o} ${v}`),
  fmKey,
  fc.tuple(fmKey, fc.oneof(quoted, num, bool, date)).map(([f, v]) => `${f}.contains(${v})`),
  fc.tuple(fmKey, method, quoted).map(([f, m, s]) => `${f}.${m}(${s})`),
  fc.tuple(fmKey, op, num).map(([f, o, n]) => `${f}.count ${o} ${n}`),
  fc.tuple(fmKey, list(anyLiteral)).map(([f, l]) => `${f} IN ${l}`),
  fc.tuple(fmKey, safeRe).map(([f, r]) => `${f} MATCHES ${JSON.stringify(r)}`),
  fc.tuple(fmKey, op, fmKey).map(([a, o, b]) => `${a} ${o} ${b}`),
  fc.tuple(strField, eqop, fmKey).map(([a, o, b]) => `${a} ${o} ${b}`),
  fc.tuple(fmKey, op, fc.oneof(pick('file.size'), dateField)).map(([a, o, b]) => `${a} ${o} ${b}`),
  fc.tuple(method, quoted).map(([m, s]) => `file.content.${m}(${s})`),
  fc.tuple(op, pick('0', '0.5', '1')).map(([o, n]) => `vector_similarity("taxes") ${o} ${n}`),
  bool,
);

/** Well-typed expressions: every one must compile. */
export const expressionText: fc.Arbitrary<string> = fc.letrec<{ expr: string }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    atom,
    fc.tuple(kw('NOT'), tie('expr')).map(([k, e]) => `${k} ${e}`),
    tie('expr').map((e) => `(${e})`),
    fc.tuple(tie('expr'), kw('AND'), tie('expr')).map(([a, k, b]) => `${a} ${k} ${b}`),
    fc.tuple(tie('expr'), kw('OR'), tie('expr')).map(([a, k, b]) => `${a} ${k} ${b}`),
  ),
})).expr;

const TOKENS = [
  'file', '.', 'name', 'size', 'tags', 'count', 'contains', 'frontmatter', 'status', 'vector_similarity',
  '==', '!=', '>', '<=', 'AND', 'or', 'NOT', 'IN', 'MATCHES', '(', ')', '[', ']', ',',
  '"x"', '"a\\"b"', '"\\d+"', '10KB', '2024-01-31', '2024-13-45', '3', '-1.5', 'true', 'null',
  '=', '&&', '||', '!', '@', '"open', '\\', '#', 'ümlaut', '\n',
];

/** Sequences of real tokens: mostly invalid, but close enough to valid to reach deep parser states. */
export const tokenSoup: fc.Arbitrary<string> = fc
  .array(fc.tuple(pick(...TOKENS), pick(' ', '', '  ', '\n')), { maxLength: 30 })
  .map((parts) => parts.map(([t, sep]) => t + sep).join(''));

const NAMES = ['Alpha', 'alpha', 'Screenshot 2024-03-02', 'report', 'README', '.eslintrc', 'Q3 taxes', 'note-1', '2024', 'İstanbul', 'istanbul', '\u212a'];
const EXTS = ['md', 'pdf', 'png', '', 'txt'];
const FOLDERS = ['', 'Inbox', 'Projects/Alpha', '.hidden', 'Archive/2023'];
const MIME: Record<string, string> = { md: 'text/markdown', pdf: 'application/pdf', png: 'image/png', txt: 'text/plain', '': 'application/octet-stream' };
/** Instants around local day boundaries near 2024-01-31. */
const TIMES = [
  new Date(2024, 0, 30, 23, 59, 59, 999), new Date(2024, 0, 31, 0, 0, 0), new Date(2024, 0, 31, 12), new Date(2024, 0, 31, 23, 59, 59, 999),
  new Date(2024, 1, 1, 0, 0, 0), new Date(2023, 11, 31, 8), new Date(2024, 1, 1, 13),
].map((d) => d.getTime());

const fmValue = {
  status: pick<unknown>('Done', 'done', 'active', '', 3, null, 'alpha'),
  priority: pick<unknown>(1, 2, 3, '3', 'high', true, 2.5, 1024),
  due: pick<unknown>('2024-01-31', '2024-02-01', '2024-02-30', 'soon', 20240131, '2024-01-31T10:00', ' 2024-01-30 '),
  flag: pick<unknown>(true, false, 'true', null),
  list: fc.array(pick<unknown>('a', 'B', 'project', 3, '2024-01-31', 'Done', true), { maxLength: 3 }),
};

export const fileRecord: fc.Arbitrary<FileRecord & { sim: number; text: string }> = fc
  .record({
    name: pick(...NAMES),
    ext: pick(...EXTS),
    folder: pick(...FOLDERS),
    size: fc.oneof(pick(0, 1, 2, 3, 1023, 1024, 1025, 512, 1024 * 1024, 5 * 1024 * 1024, 1024 ** 3), fc.nat({ max: 10 * 1024 * 1024 })),
    ctime: pick(...TIMES),
    mtime: pick(...TIMES),
    tags: fc.array(pick('project', 'Project/alpha', 'journal', 'todo', 'work/acme', 'a'), { maxLength: 3 }),
    links: fc.array(pick('Projects/Alpha.md', 'Beta.md', 'Missing', 'Inbox/a.pdf', 'alpha'), { maxLength: 3 }),
    backlinks: fc.array(pick('Welcome.md', 'Projects/Alpha.md', 'x/report.md'), { maxLength: 2 }),
    frontmatter: fc.option(fc.record(fmValue, { requiredKeys: [] }), { nil: null }),
    text: pick('taxes and receipts', 'TODO: x', '', 'Budget 2024 alpha', 'Done. project'),
    sim: pick(0, 0.2, 0.5, 0.51, 1),
  })
  .map((r) => {
    const path = `${r.folder === '' ? '' : r.folder + '/'}${r.name}${r.ext === '' ? '' : '.' + r.ext}`;
    return {
      ...r,
      path,
      mimeType: MIME[r.ext] ?? 'application/octet-stream',
      isHidden: path.split('/').some((s) => s.startsWith('.')),
    };
  });
