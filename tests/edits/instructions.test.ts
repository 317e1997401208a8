import { describe, expect, it } from 'vitest';
import { parseTaskAnswer } from '../../src/edits/instructions/parse-answer';
import { parsePosition } from '../../src/edits/instructions/parse-position';
import { applyResolvedEdits, resolveInstructions, type EditPlan } from '../../src/edits/instructions/resolve-answer';

const NOTE = ['---', 'tags: [a]', 'title: "Plan"', '---', '# Plan', '', '## Tasks', '- [ ] one', '- [ ] two', '', '## Notes', 'Some text here.', ''].join('\n');

async function plan(edits: unknown[], notes: Record<string, string> = { 'Plan.md': NOTE }): Promise<EditPlan> {
  const parsed = parseTaskAnswer({ summary: 's', edits });
  if (!parsed.ok) throw new Error(parsed.error);
  expect(parsed.problems).toEqual([]);
  return resolveInstructions(parsed.answer.edits, (p) => Promise.resolve(notes[p] ?? null));
}

async function applied(edits: unknown[], text = NOTE): Promise<string> {
  const p = await plan(edits, { 'Plan.md': text });
  expect(p.refused).toEqual([]);
  return applyResolvedEdits(text, p.edits);
}

describe('positions', () => {
  it('parses every form and refuses bad ones with the valid forms', () => {
    expect(parsePosition('replace: 3 - 5')).toEqual({ ok: true, position: { kind: 'replace', from: 3, to: 5 } });
    expect(parsePosition('DELETE:4')).toEqual({ ok: true, position: { kind: 'delete', from: 4, to: 4 } });
    expect(parsePosition('after:## Tasks')).toEqual({ ok: true, position: { kind: 'after', heading: '## Tasks' } });
    const bad = parsePosition('middle');
    expect(!bad.ok && bad.message).toMatch(/unknown position "middle".*insert:N/);
    const backwards = parsePosition('replace:5-3');
    expect(!backwards.ok && backwards.message).toMatch(/ends \(line 3\) before it starts \(line 5\)/);
    const zero = parsePosition('insert:0');
    expect(!zero.ok && zero.message).toMatch(/from 1/);
  });

  it('start inserts after the frontmatter, leaving it byte-identical', async () => {
    const out = await applied([{ file: 'Plan.md', position: 'start', content: 'Intro\n' }]);
    expect(out.split('\n').slice(0, 6)).toEqual(['---', 'tags: [a]', 'title: "Plan"', '---', 'Intro', '# Plan']);
  });

  it('end appends, after:<heading> inserts right after the heading line', async () => {
    expect((await applied([{ file: 'Plan.md', position: 'end', content: 'Last' }])).endsWith('Some text here.\nLast\n')).toBe(true);
    const out = await applied([{ file: 'Plan.md', position: 'after:## Tasks', content: '- [ ] zero' }]);
    expect(out).toContain('## Tasks\n- [ ] zero\n- [ ] one');
    const byText = await applied([{ file: 'Plan.md', position: 'after:notes', content: 'x' }]);
    expect(byText).toContain('## Notes\nx\nSome text');
  });

  it('insert:N, replace:N-M and delete:N-M use 1-based inclusive lines', async () => {
    expect(await applied([{ file: 'Plan.md', position: 'insert:8', content: 'new' }])).toContain('## Tasks\nnew\n- [ ] one');
    expect(await applied([{ file: 'Plan.md', position: 'replace:8-9', content: '- [x] both' }])).toContain('## Tasks\n- [x] both\n\n## Notes');
    expect(await applied([{ file: 'Plan.md', position: 'delete:8-9' }])).toContain('## Tasks\n\n## Notes');
    expect(await applied([{ file: 'Plan.md', position: 'insert:13', content: 'tail' }])).toBe(NOTE + 'tail\n');
  });

  it('create makes a new note; open changes nothing', async () => {
    const p = await plan([
      { file: 'New.md', position: 'create', content: '# New' },
      { file: 'Plan.md', position: 'open' },
    ]);
    expect(p.creates).toEqual([{ kind: 'create', file: 'New.md', content: '# New', index: 0 }]);
    expect(p.opens).toEqual([{ kind: 'open', file: 'Plan.md', index: 1 }]);
  });
});

describe('refusals that help the model recover', () => {
  it('a missing heading lists the headings', async () => {
    const p = await plan([{ file: 'Plan.md', position: 'after:## Todo', content: 'x' }]);
    expect(p.refused[0]?.message).toBe('no heading "## Todo" in the note; its headings are: "# Plan" (line 5), "## Tasks" (line 7), "## Notes" (line 11)');
  });

  it('a duplicated heading is refused with its lines, never first-match', async () => {
    const p = await plan([{ file: 'N.md', position: 'after:## A', content: 'x' }], { 'N.md': '## A\n1\n## A\n2\n' });
    expect(p.refused[0]?.message).toMatch(/occurs 2 times \(lines 1, 3\)/);
  });

  it('a line out of range gives the note length', async () => {
    const p = await plan([
      { file: 'Plan.md', position: 'replace:12-14', content: 'x' },
      { file: 'Plan.md', position: 'insert:15', content: 'x' },
    ]);
    expect(p.refused.map((r) => r.message)).toEqual([
      'line 14 is past the end: the note has 12 lines',
      'line 15 is past the end: the note has 12 lines (insert takes 1 to 13)',
    ]);
  });

  it('edits that cut across the frontmatter or lie inside it are refused (a pending block there breaks the properties); replacing it whole keeps the rest identical', async () => {
    const p = await plan([
      { file: 'Plan.md', position: 'replace:3-5', content: 'x' },
      { file: 'Plan.md', position: 'insert:1', content: 'x' },
      { file: 'Plan.md', position: 'replace:3', content: 'title: "Plan 2"' },
      { file: 'Plan.md', position: 'insert:3', content: 'x: 1' },
      { file: 'Plan.md', find: 'title: "Plan"', replace: 'title: "Plan 2"' },
    ]);
    expect(p.edits).toEqual([]);
    expect(p.refused.map((r) => r.message)).toEqual([
      expect.stringMatching(/cut across the frontmatter \(lines 1-4\)/),
      expect.stringMatching(/above the frontmatter \(lines 1-4\); use "start"/),
      'lines 3-3 are inside the frontmatter (lines 1-4); a pending edit there would break the properties while it waits, so replace the whole frontmatter (replace:1-4) instead',
      expect.stringMatching(/^inserting at line 3 would put a pending edit inside the frontmatter/),
      expect.stringMatching(/^lines 3-3 are inside the frontmatter/),
    ]);
    const out = await applied([{ file: 'Plan.md', position: 'replace:1-4', content: '---\ntags: [a]\ntitle: "Plan 2"\n---' }]);
    expect(out).toBe(NOTE.replace('title: "Plan"', 'title: "Plan 2"'));
  });

  it('a missing note, a missing content and empty content are refused', async () => {
    const p = await plan([{ file: 'Nope.md', position: 'end', content: 'x' }, { file: 'Plan.md', position: 'replace:6', content: '' }]);
    expect(p.refused.map((r) => r.message)).toEqual(['no such note; use position "create" to make a new one', 'content is empty; to remove lines use delete:N or delete:N-M']);
    const parsed = parseTaskAnswer({ edits: [{ file: 'a.md', position: 'end' }] });
    expect(parsed.ok && parsed.problems).toEqual(['edits[0].content is missing; position "end" needs the text to write']);
  });

  it('creating a note that exists is refused, unless it already has that content', async () => {
    const p = await plan([{ file: 'Plan.md', position: 'create', content: 'x' }]);
    expect(p.refused[0]?.message).toMatch(/already exists \(12 lines\)/);
    const same = await plan([{ file: 'Plan.md', position: 'create', content: NOTE }]);
    expect(same.alreadyApplied).toHaveLength(1);
  });
});

describe('already applied', () => {
  it('is reported for insertions whose content is already there and replacements that change nothing', async () => {
    const p = await plan([
      { file: 'Plan.md', position: 'after:## Tasks', content: '- [ ] one' },
      { file: 'Plan.md', position: 'end', content: 'Some text here.' },
      { file: 'Plan.md', position: 'replace:8', content: '- [ ] one' },
      { file: 'Plan.md', find: 'Some text', replace: 'Some text here' },
      { file: 'Plan.md', find: 'Other text', replace: 'Some text here.' },
    ]);
    expect(p.edits).toEqual([]);
    expect(p.alreadyApplied.map((a) => a.index)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('anchored edits', () => {
  it('replace the text inside its lines when it matches exactly once', async () => {
    const p = await plan([{ file: 'Plan.md', find: 'Some text', replace: 'Other words' }]);
    expect(p.edits[0]).toMatchObject({ type: 'replace', from: 11, to: 12, before: 'Some text here.', after: 'Other words here.' });
  });

  it('refuse several exact matches, with their lines', async () => {
    const p = await plan([{ file: 'Plan.md', find: '- [ ] ', replace: '- [x] ' }]);
    expect(p.refused[0]?.message).toBe('the find text matches 2 times, at lines 8, 9; include more surrounding text so it matches once');
  });

  it('fall back to whitespace-tolerant matching only when it is unique', async () => {
    const p = await plan([{ file: 'Plan.md', find: '- [ ]  one\n-  [ ] two', replace: '- [x] one\n- [x] two' }]);
    expect(p.edits[0]).toMatchObject({ from: 7, to: 9, after: '- [x] one\n- [x] two' });
    const many = await plan([{ file: 'N.md', find: 'a  b', replace: 'c' }], { 'N.md': 'a b\nx\na\tb\n' });
    expect(many.refused[0]?.message).toMatch(/matches 2 times \(ignoring whitespace\), at lines 1, 3/);
  });

  it('report the nearest lines when nothing matches', async () => {
    const p = await plan([{ file: 'Plan.md', find: 'Some txt here', replace: 'x' }]);
    expect(p.refused[0]?.message).toBe('the find text is not in the note (not even ignoring whitespace); the closest lines are 12: "Some text here."');
  });

  it('delete whole lines when find takes the line break and replace is empty', async () => {
    const out = await applied([{ file: 'Plan.md', find: '- [ ] one\n', replace: '' }]);
    expect(out).toContain('## Tasks\n- [ ] two\n');
    const joined = await applied([{ file: 'Plan.md', find: 'one\n- [ ] ', replace: 'one, ' }]);
    expect(joined).toContain('## Tasks\n- [ ] one, two\n\n');
  });

  it('refuse an anchor of megabytes as not found, without a regular expression too large to build', async () => {
    const huge = `${'word '.repeat(200_000)}end`;
    const p = await plan([{ file: 'Plan.md', find: huge, replace: 'x' }]);
    expect(p.refused[0]?.message).toMatch(/^the find text is not in the note/);
    const long = `${'Some text here. '.repeat(40_000)}`;
    const q = await plan([{ file: 'N.md', find: 'x '.repeat(300_000), replace: 'y' }], { 'N.md': long });
    expect(q.refused[0]?.message).toMatch(/^the find text is not in the note/);
  });

  it('work on CRLF notes with \\n in the find text', async () => {
    const crlf = 'a\r\nb\r\nc\r\n';
    const out = await applied([{ file: 'Plan.md', find: 'a\nb', replace: 'A\nB' }], crlf);
    expect(out).toBe('A\r\nB\r\nc\r\n');
  });
});

describe('several edits to one note', () => {
  it('apply bottom-to-top against the original line numbers', async () => {
    const out = await applied([
      { file: 'Plan.md', position: 'insert:8', content: '- [ ] zero' },
      { file: 'Plan.md', position: 'replace:12', content: 'Replaced.' },
      { file: 'Plan.md', position: 'delete:9' },
    ]);
    expect(out).toBe(NOTE.replace('- [ ] one\n- [ ] two', '- [ ] zero\n- [ ] one').replace('Some text here.', 'Replaced.'));
  });

  it('refuse an edit that overlaps an earlier one, naming it', async () => {
    const p = await plan([
      { file: 'Plan.md', position: 'replace:8-9', content: 'x' },
      { file: 'Plan.md', position: 'delete:9' },
      { file: 'Plan.md', position: 'insert:9', content: 'y' },
    ]);
    expect(p.edits).toHaveLength(1);
    expect(p.refused.map((r) => r.message)).toEqual([
      'overlaps edits[0] (replace:8-9, lines 8-9); combine them into one edit',
      'overlaps edits[0] (replace:8-9, lines 8-9); combine them into one edit',
    ]);
  });
});

describe('parsing model output', () => {
  it('accepts one JSON document, bare or alone in a fence, and never JSON inside prose', () => {
    const body = '{"summary":"ok","edits":[{"file":"a.md","position":"end","content":"x"}]}';
    for (const text of [body, `  \n${body}\n`, '```json\n' + body + '\n```', '\n```\n' + body + '\n```\n']) {
      const r = parseTaskAnswer(text);
      expect(r.ok && r.answer.edits[0]).toMatchObject({ kind: 'positioned', file: 'a.md', content: 'x' });
    }
    for (const text of ['Here you go:\n' + body + '\nDone.', 'The note says ```json\n' + body + '\n```', '```json\n' + body + '\n```\nand more']) {
      expect(parseTaskAnswer(text)).toEqual({ ok: false, error: 'the answer should be one JSON object {"summary","edits"} with nothing around it' });
    }
  });

  it('says where malformed JSON breaks', () => {
    const r = parseTaskAnswer('{"summary": "x",\n "edits": [ {"file": "a.md" "position": "end"} ]}');
    expect(!r.ok && r.error).toMatch(/^the answer is not valid JSON at line 2, column \d+ \(near ".*"\)/);
  });

  it('reports each malformed edit with its index and keeps the good ones', () => {
    const r = parseTaskAnswer({
      summary: 's',
      edits: [{ file: 'a.md', position: 'end', content: 'ok' }, { position: 'end', content: 'x' }, { file: 'b.md', find: 'x', position: 'end' }, 'nope', { file: 'c.md', find: '', replace: 'y' }, { file: 'd.md', position: 'insert:x', content: 'y' }],
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.answer.edits.map((e) => e.file)).toEqual(['a.md']);
    expect(r.problems).toEqual([
      'edits[1].file should be the vault path of a note, found nothing',
      'edits[2] has both "position" and "find"; use {"file","position","content"} or {"file","find","replace"}',
      'edits[3] should be an object like {"file","position","content"}, found text',
      'edits[4].find should be the exact text to change (not empty), found text',
      'edits[5].position: position "insert:x": insert needs one line number from 1, as insert:N',
    ]);
  });

  it('refuses an answer that is not an object or whose edits is not a list', () => {
    expect(parseTaskAnswer('[1,2]')).toEqual({ ok: false, error: 'the answer should be an object {"summary","edits"}, found a list' });
    expect(parseTaskAnswer({ edits: 'x' })).toEqual({ ok: false, error: '"edits" should be a list of edits, found text' });
  });
});
