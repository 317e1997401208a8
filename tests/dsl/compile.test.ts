import { describe, expect, it } from 'vitest';
import { compileExpression } from '../../src/dsl/compile';
import { ContentKeywordSimilarity } from '../../src/dsl/content-similarity';
import { DslError } from '../../src/dsl/errors';
import { matchRecords } from '../../src/dsl/evaluate';
import { SimilarityUnavailableError, type SimilarityProvider } from '../../src/dsl/similarity';
import { note, record } from './records';

function refusal(source: string): string {
  try {
    compileExpression(source);
  } catch (e) {
    if (e instanceof DslError) return e.message;
    throw e;
  }
  throw new Error(`expected ${source} to be refused`);
}

describe('compile-time errors a person can act on', () => {
  it.each([
    ['file.modifed > 2024-01-01', 'unknown field file.modifed; did you mean file.modifiedAt? at 1:6'],
    ['file.extension == "pdf"', 'unknown field file.extension; did you mean file.ext? at 1:6'],
    ['file.sise > 1', 'unknown field file.sise; did you mean file.size? at 1:6'],
    ['fiel.name == "x"', 'unknown name fiel: fields start with "file.", e.g. file.name; did you mean file? at 1:1'],
    ['name == "x"', 'unknown name name: fields start with "file.", e.g. file.name; did you mean file.name? at 1:1'],
    ['file.size > "big"', 'cannot compare file.size (a number) with "big" (a text); write numbers and sizes without quotes, e.g. 10MB at 1:13'],
    ['file.modifiedAt > "2024-01-01"', 'cannot compare file.modifiedAt (a date) with "2024-01-01" (a text); write dates without quotes, e.g. 2024-01-31 at 1:19'],
    ['file.tags == "x"', 'cannot compare file.tags (a list) with "x" (a text); for lists use file.tags.contains("x"), file.tags.count or IN [...] at 1:14'],
    ['file.size == 2024-01-01', 'cannot compare file.size (a number) with 2024-01-01 (a date) at 1:14'],
    ['file.name > "m"', 'texts cannot be ordered with >; compare them with ==, !=, IN or MATCHES at 1:11'],
    ['file.isHidden > false', 'true/false values cannot be ordered with >; use == or != at 1:15'],
    ['file.name == null', 'file.name always has a value (a text); only frontmatter values can be null at 1:1'],
    ['file.frontmatter.x > null', 'null can only be compared with == or != at 1:20'],
    ['file.frontmatter.x > "high"', 'a text cannot be ordered with >; compare with == or != at 1:20'],
    ['file.name', 'file.name is a text, not a condition; compare it, e.g. file.name == "..." at 1:1'],
    ['file.size', 'file.size is a number, not a condition; compare it, e.g. file.size > ... at 1:1'],
    ['file.tags', 'file.tags is a list, not a condition; try file.tags.count > 0 or file.tags.contains("x") at 1:1'],
    ['vector_similarity("taxes")', 'vector_similarity("taxes") gives a number from 0 to 1; compare it, e.g. vector_similarity("taxes") > 0.5 at 1:1'],
    ['vector_similarity > 0.5', 'vector_similarity needs a query in parentheses, e.g. vector_similarity("taxes") > 0.5 at 1:1'],
    ['vector_similarity("") > 0.5', 'vector_similarity needs a query, e.g. vector_similarity("taxes") at 1:19'],
    ['similarity("x") > 0.5', 'unknown function similarity; the only function is vector_similarity("query") at 1:1'],
    ['file.name.startWith("x")', 'unknown method .startWith() of file.name; methods are .contains() .startsWith() .endsWith() .matches(); did you mean .startsWith()? at 1:11'],
    ['file.name.startsWith', 'startsWith needs parentheses and a value: file.name.startsWith("...") at 1:11'],
    ['file.name.startsWith(3)', 'the argument of .startsWith() must be a text in quotes at 1:22'],
    ['file.name.contains("a", "b")', '.contains() takes one value in quotes, e.g. .contains("x") at 1:25'],
    ['file.tags.startsWith("a")', 'file.tags is a list; use .contains("x"), .count or IN [...] at 1:1'],
    ['file.size.contains("1")', 'file.size is a number; .contains() works on texts and lists at 1:1'],
    ['file.name.count > 1', 'file.name is a text; .count works on lists (file.tags, file.links, file.backlinks) and frontmatter lists at 1:1'],
    ['file.tags.count() > 1', 'count is written without parentheses: file.tags.count at 1:11'],
    ['file.frontmatter == 1', 'file.frontmatter needs a key, e.g. file.frontmatter.status or file.frontmatter["due date"] at 1:6'],
    ['file', 'file needs a field, e.g. file.name or file.ext at 1:1'],
    ['file.ext IN ["pdf", 3]', 'file.ext is a text, but this item is a number at 1:21'],
    ['file.tags IN [1]', 'file.tags holds texts; write the items in quotes at 1:15'],
    ['file.ext IN [file.name]', 'the list after IN may hold only values written out: texts, numbers, sizes, dates, true, false, null at 1:14'],
    ['file.ext == ["pdf"]', 'a list in brackets can only follow IN, e.g. file.ext IN ["png", "jpg"] at 1:13'],
    ['file.size MATCHES "1"', 'file.size is a number; MATCHES and .matches() work on texts and lists at 1:1'],
    ['file.modifiedAt > 2024-02-30', '2024-02-30 is not a date: write a real day as YYYY-MM-DD at 1:19'],
    ['file.name MATCHES "("', 'invalid regular expression "(": unterminated group at 1:19'],
    ['file.name MATCHES "(a+)+$"', 'refused regular expression "(a+)+$"'],
    ['file.size.foo > 1', 'unknown property .foo of file.size; values have .count (lists) and the methods contains, startsWith, endsWith, matches at 1:11'],
  ])('%s', (source, message) => {
    expect(refusal(source)).toContain(message);
  });
});

describe('semantics', () => {
  const pdf = record('Inbox/Report.PDF', { size: 2048 });
  const fmNote = record('n.md', { frontmatter: { status: 'Done', count: '7', when: '2024-01-31', list: ['A', 2], yes: true } });
  const m = (source: string, r = fmNote): boolean => compileExpression(source).test(r);

  it('compares text ignoring case, extensions are lower case in records', () => {
    expect(m('file.ext == "PDF"', pdf)).toBe(true);
    expect(m('file.name == "report"', pdf)).toBe(true);
    expect(m('file.path.endsWith(".pdf")', pdf)).toBe(true);
    expect(m('file.name.contains("EPO")', pdf)).toBe(true);
  });

  it('converts frontmatter values to the type they are compared with; missing keys are null', () => {
    expect(m('file.frontmatter.status == "done"')).toBe(true);
    expect(m('file.frontmatter.count > 5')).toBe(true);
    expect(m('file.frontmatter.count == "7"')).toBe(true);
    expect(m('file.frontmatter.when == 2024-01-31')).toBe(true);
    expect(m('file.frontmatter.when > 2024-01-30 AND file.frontmatter.when < 2024-02-01')).toBe(true);
    expect(m('file.frontmatter.status > 1')).toBe(false);
    expect(m('file.frontmatter.status != 1')).toBe(true);
    expect(m('file.frontmatter.nope == null')).toBe(true);
    expect(m('file.frontmatter.nope != "x"')).toBe(true);
    expect(m('file.frontmatter.nope > 1')).toBe(false);
    expect(m('file.frontmatter.nope.count == 0')).toBe(true);
    expect(m('file.frontmatter.yes')).toBe(true);
    expect(m('file.frontmatter.STATUS == "Done"')).toBe(true);
    expect(m('file.frontmatter.list.contains("a") AND file.frontmatter.list.contains(2)')).toBe(true);
    expect(m('file.frontmatter.list IN ["x", 2]')).toBe(true);
    expect(m('file.frontmatter.status', record('x.md'))).toBe(false);
  });

  it('compares dates by local day, at the day boundaries', () => {
    const at = (d: Date) => record('a.md', { mtime: d.getTime() });
    expect(m('file.modifiedAt == 2024-01-31', at(new Date(2024, 0, 31, 0, 0, 0)))).toBe(true);
    expect(m('file.modifiedAt == 2024-01-31', at(new Date(2024, 0, 31, 23, 59, 59, 999)))).toBe(true);
    expect(m('file.modifiedAt == 2024-01-31', at(new Date(2024, 1, 1, 0, 0, 0)))).toBe(false);
    expect(m('file.modifiedAt > 2024-01-31', at(new Date(2024, 1, 1, 0, 0, 0)))).toBe(true);
    expect(m('file.modifiedAt > 2024-01-31', at(new Date(2024, 0, 31, 23, 59)))).toBe(false);
    expect(m('file.modifiedAt <= 2024-01-31', at(new Date(2024, 0, 31, 23, 59)))).toBe(true);
    expect(m('file.modifiedAt < 2024-01-31', at(new Date(2024, 0, 30, 23, 59)))).toBe(true);
    expect(m('file.createdAt < file.modifiedAt', record('a.md'))).toBe(true);
  });

  it('matches nested tags by their parent and links by name or path', () => {
    const r = record('a.md', { tags: ['Project/Alpha'], links: ['Folder/Target Note.md'] });
    expect(m('file.tags.contains("#project")', r)).toBe(true);
    expect(m('file.tags.contains("proj")', r)).toBe(false);
    expect(m('file.links.contains("target note")', r)).toBe(true);
    expect(m('file.links.contains("Folder/Target Note")', r)).toBe(true);
    expect(m('file.links.contains("Target")', r)).toBe(false);
  });

  it('reports what evaluation must fetch', () => {
    expect(compileExpression('file.ext == "md"').usesContent).toBe(false);
    expect(compileExpression('file.ext == "md" AND file.content.contains("x")').usesContent).toBe(true);
    expect(compileExpression('vector_similarity("a") > 0.1 OR vector_similarity("b") > 0.2 OR vector_similarity("a") > 0.3').similarityQueries).toEqual(['a', 'b']);
  });

  it('says so when content is used without being loaded', () => {
    expect(() => compileExpression('file.content.contains("x")').test(note('a.md', 'x'))).toThrow(/not loaded/);
  });
});

describe('evaluation: content read lazily, similarity from the configured index', () => {
  it('reads markdown content only when the expression uses it, and never for other files', async () => {
    const a = note('a.md', 'hello taxes');
    const b = note('b.md', 'nothing');
    const pdf = record('c.pdf');
    const plain = await matchRecords(compileExpression('file.ext == "md"'), [a, b, pdf]);
    expect(plain.matches.map((r) => r.path)).toEqual(['a.md', 'b.md']);
    expect(a.reads() + b.reads()).toBe(0);
    const withContent = await matchRecords(compileExpression('file.content.contains("TAXES")'), [a, b, pdf]);
    expect(withContent.matches.map((r) => r.path)).toEqual(['a.md']);
    expect([a.reads(), b.reads(), withContent.contentReads]).toEqual([1, 1, 2]);
  });

  const fixed = (kind: 'semantic' | 'keyword', scores: Record<string, number>): SimilarityProvider => ({
    kind,
    score: (_q, path) => Promise.resolve(scores[path] ?? 0),
  });

  it('uses the semantic index when configured, the keyword one otherwise, and says which', async () => {
    const records = [note('taxes.md', 'my taxes for 2023'), note('cats.md', 'cats and dogs')];
    const expr = compileExpression('vector_similarity("taxes") > 0.5');
    const keyword = new ContentKeywordSimilarity(records);
    const byKeyword = await matchRecords(expr, records, { similarity: { keyword } });
    expect(byKeyword.matches.map((r) => r.path)).toEqual(['taxes.md']);
    expect(byKeyword.similarityUsed).toBe('keyword');
    const bySemantic = await matchRecords(expr, records, { similarity: { keyword, semantic: fixed('semantic', { 'cats.md': 0.9 }) } });
    expect(bySemantic.matches.map((r) => r.path)).toEqual(['cats.md']);
    expect(bySemantic.similarityUsed).toBe('semantic');
    expect((await matchRecords(compileExpression('file.ext == "md"'), records, { similarity: { keyword } })).similarityUsed).toBeNull();
  });

  it('clamps scores to 0..1 and refuses when no index is available', async () => {
    const records = [record('a.md'), record('b.md')];
    const wild = fixed('semantic', { 'a.md': 7, 'b.md': Number.NaN });
    const r = await matchRecords(compileExpression('vector_similarity("x") == 1'), records, { similarity: { semantic: wild } });
    expect(r.matches.map((f) => f.path)).toEqual(['a.md']);
    await expect(matchRecords(compileExpression('vector_similarity("x") > 0'), records)).rejects.toThrow(SimilarityUnavailableError);
  });
});
