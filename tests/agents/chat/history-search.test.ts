// Searching saved chats (issue 27): every word must occur (case and accents ignored, a word
// matching the start of a longer one), in the title or the messages; newest first; snippets start
// at a word and mark the words found.
import { describe, expect, it } from 'vitest';
import { messageRecord } from '../../../src/agents/chat/chat-message';
import type { Chat } from '../../../src/agents/chat/chat-types';
import { searchChats } from '../../../src/agents/chat/history-search';

function chat(id: string, title: string, updatedAt: string, request: string, answer: string): Chat {
  const m = messageRecord({ id: 'm1', request: { task: request, currentNote: null, agents: { scout: false, web: false, task: true }, depth: 0, sameFolder: false, manual: [], history: [] }, result: null, events: [], proposals: [] });
  m.turn.answer = answer;
  return { id, title, createdAt: updatedAt, updatedAt, messages: [m] };
}

const chats = [
  chat('a', 'Solar', '2026-11-01T10:00:00Z', 'How much is the roof?', 'About 9,500 EUR for the Café roof.'),
  chat('b', 'Bread', '2026-11-03T10:00:00Z', 'Bread recipe', 'Flour and water, under a roof.'),
  chat('c', 'Old', '2026-10-01T10:00:00Z', 'nothing here', 'none'),
];

describe('searchChats', () => {
  it('finds the chats with every word, newest first, with the words as written', () => {
    expect(searchChats(chats, 'ROOF').map((h) => h.id)).toEqual(['b', 'a']);
    const [hit] = searchChats(chats, 'cafe 9,5');
    expect(hit?.id).toBe('a');
    expect(hit?.words).toEqual(['9', '500', 'Café']);
    expect(searchChats(chats, 'bread roof').map((h) => h.id)).toEqual(['b']);
    expect(searchChats(chats, 'roof kitchen')).toEqual([]);
    expect(searchChats(chats, '  ')).toEqual([]);
  });

  it('marks the words in snippets that start at a word', () => {
    const long = chat('d', 't', '2026-11-05T10:00:00Z', 'q', `${'lorem ipsum dolor '.repeat(5)}the roof is old`);
    const [hit] = searchChats([long], 'roof');
    const parts = hit?.snippets[0]?.parts ?? [];
    expect(parts[0]).toEqual({ text: '…', hit: false });
    expect(parts[1]?.text).toMatch(/^(lorem|ipsum|dolor) /);
    expect(parts.filter((p) => p.hit).map((p) => p.text)).toEqual(['roof']);
    expect(hit?.snippets[0]?.where).toBe('answer');
  });
});
