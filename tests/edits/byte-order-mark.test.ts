// A Task edit on a note that starts with a byte order mark: the mark is an encoding mark, not
// text, so `start` inserts after the frontmatter that follows it (or after the mark when there is
// no frontmatter), line numbers count from the text after it, and the mark stays first.
import { describe, expect, it } from 'vitest';
import { parseTaskAnswer } from '../../src/edits/instructions/parse-answer';
import { applyResolvedEdits, resolveInstructions } from '../../src/edits/instructions/resolve-answer';
import { applyLineEdits, splitLines } from '../../src/edits/text/lines';

const BOM = '\uFEFF';

async function applied(text: string, edits: unknown[]): Promise<string> {
  const parsed = parseTaskAnswer({ summary: 's', edits });
  if (!parsed.ok) throw new Error(parsed.error);
  const plan = await resolveInstructions(parsed.answer.edits, () => Promise.resolve(text));
  expect(plan.refused).toEqual([]);
  return applyResolvedEdits(text, plan.edits);
}

describe('a Task edit on a note with a byte order mark', () => {
  it('start inserts after the frontmatter behind the mark', async () => {
    const note = `${BOM}---\ntags: [a]\n---\n# Plan\n`;
    expect(await applied(note, [{ file: 'Plan.md', position: 'start', content: 'Intro' }])).toBe(`${BOM}---\ntags: [a]\n---\nIntro\n# Plan\n`);
  });

  it('start inserts after the mark, never before it, in a note without frontmatter', async () => {
    expect(await applied(`${BOM}# Plan\n`, [{ file: 'Plan.md', position: 'start', content: 'Intro' }])).toBe(`${BOM}Intro\n# Plan\n`);
  });

  it('a replaced first line keeps the mark, and the first line is read without it', () => {
    const note = `${BOM}# Plan\nbody\n`;
    expect(splitLines(note)).toEqual(['# Plan', 'body']);
    expect(applyLineEdits(note, [{ from: 0, to: 1, body: '# Other' }])).toBe(`${BOM}# Other\nbody\n`);
    expect(applyLineEdits(`${BOM}`, [{ from: 0, to: 0, body: 'first' }])).toBe(`${BOM}first`);
  });
});
