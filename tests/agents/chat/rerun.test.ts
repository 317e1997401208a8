// Running a sent message again (issue 27): the same request in the context it was sent with, the
// history of the messages before it only, and how many messages after it are replaced.
import { describe, expect, it } from 'vitest';
import { messageRecord } from '../../../src/agents/chat/chat-message';
import { replacedText, rerunPlan } from '../../../src/agents/chat/rerun';

const msg = (id: string, task: string, currentNote: string, manual: string[] = []) =>
  messageRecord({ id, request: { task, currentNote, agents: { scout: false, web: true, task: true }, depth: 3, sameFolder: true, manual, history: [] }, result: null, events: [], proposals: [] });

describe('rerunPlan', () => {
  const chat = [msg('m1', 'first', 'A.md'), msg('m2', 'second', 'B.md', ['C.md']), msg('m3', 'third', 'D.md')];

  it('takes the message\'s own context and the turns before it, and counts the ones it replaces', () => {
    const p = rerunPlan(chat, 1);
    expect(p.request).toEqual({ task: 'second', currentNote: 'B.md', agents: { scout: false, web: true, task: true }, depth: 3, sameFolder: true, manual: ['C.md'], history: [chat[0]?.turn] });
    expect(p.kept.map((m) => m.id)).toEqual(['m1']);
    expect(p.replacedAfter).toBe(1);
    expect(rerunPlan(chat, 0, 'first, edited').request).toMatchObject({ task: 'first, edited', history: [], currentNote: 'A.md' });
    expect(rerunPlan(chat, 2).replacedAfter).toBe(0);
  });

  it('says what is replaced, and refuses a message that is not there', () => {
    expect([replacedText(0), replacedText(1), replacedText(3)]).toEqual(['', 'The message after it is replaced.', 'The 3 messages after it are replaced.']);
    expect(() => rerunPlan(chat, 3)).toThrow(/no message 4/);
  });
});
