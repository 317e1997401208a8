// Citations (issue 27): a link in an answer resolves to the note the Task agent read, by full
// path or by a name only one read note has, with its heading or block; a name two read notes
// share, or a note not read, is left to Obsidian.
import { describe, expect, it } from 'vitest';
import { messageRecord } from '../../../src/agents/chat/chat-message';
import { citedNote, notesRead } from '../../../src/agents/chat/citations';

const read = ['Projects/Budget.md', 'Projects/Solar.md', 'Archive/2023/Solar.md'];

describe('citedNote', () => {
  it('finds the read note by name or path, keeping the heading or block', () => {
    expect(citedNote('Budget#Costs', read)).toEqual({ path: 'Projects/Budget.md', subpath: '#Costs' });
    expect(citedNote('budget.md#^b1', read)).toEqual({ path: 'Projects/Budget.md', subpath: '#^b1' });
    expect(citedNote('2023/Solar#Roof', read)).toEqual({ path: 'Archive/2023/Solar.md', subpath: '#Roof' });
    expect(citedNote('Projects/Solar', read)).toEqual({ path: 'Projects/Solar.md', subpath: '' });
  });

  it('leaves a shared name, a note not read and a bare heading to Obsidian', () => {
    expect(citedNote('Solar#Roof', read)).toBeNull();
    expect(citedNote('Contacts', read)).toBeNull();
    expect(citedNote('#Costs', read)).toBeNull();
  });

  it('reads the notes from the run, or from what an older message named', () => {
    const r = messageRecord({ id: 'm1', request: { task: 't', currentNote: 'A.md', agents: { scout: true, web: false, task: true }, depth: 1, sameFolder: false, manual: ['B.md'], history: [] }, result: null, events: [], proposals: [] });
    expect(notesRead(r)).toEqual(['A.md', 'B.md']);
    expect(notesRead({ ...r, read: ['C.md'] })).toEqual(['C.md']);
  });
});
