// The selection a message is asked about (issue 27): quoted under the message with its note and
// its lines, 1-based as the editor shows them, every line of it quoted.
import { describe, expect, it } from 'vitest';
import { selectionLines, withSelection } from '../../../src/agents/chat/selection-context';

describe('withSelection', () => {
  it('quotes every line under the message, with the note and the lines', () => {
    const s = { path: 'A/b.md', from: 2, to: 3, text: 'one\r\ntwo' };
    expect(selectionLines(s)).toBe('lines 3-4');
    expect(selectionLines({ ...s, to: 2 })).toBe('line 3');
    expect(withSelection('Shorter?', s)).toBe('Shorter?\n\nThe selected text, in "A/b.md" (lines 3-4):\n> one\n> two');
  });
});
