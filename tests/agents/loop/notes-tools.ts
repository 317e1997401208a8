// A small set of tools over an in-memory folder of notes, for driving the agent loop.

import * as v from 'valibot';
import { defineTool, type Tool } from '../../../src/agents/tools/tool';

export const NOTES: Record<string, string> = {
  'Inbox/groceries.md': '- milk\n- eggs',
  'Projects/reeve.md': '# Reeve\nAn Obsidian plugin.',
};

export function notesTools(calls: string[] = []): Tool[] {
  return [
    defineTool({
      name: 'list_notes',
      description: 'Lists the notes in the vault',
      input: v.object({}),
      run: () => {
        calls.push('list_notes');
        return Object.keys(NOTES).join('\n');
      },
    }),
    defineTool({
      name: 'read_note',
      description: 'Reads one note',
      input: v.object({ path: v.pipe(v.string(), v.description('vault-relative path')) }),
      run: ({ path }) => {
        calls.push(`read_note ${path}`);
        const text = NOTES[path];
        if (text === undefined) throw new Error(`no note at ${path}`);
        return text;
      },
    }),
    defineTool({
      name: 'submit_answer',
      description: 'Ends the task with the answer',
      input: v.object({ summary: v.string(), paths: v.array(v.string()), confidence: v.picklist(['low', 'high']) }),
      terminal: true,
      run: (args) => {
        calls.push('submit_answer');
        return { content: 'Answer recorded.', data: args };
      },
    }),
  ];
}
