// A plan note as organize writes it (organizePlanNote), over a small vault whose notes link to
// the files the plan moves and renames.
import { organizePlanNote } from '../../src/agents/organize/organize-plan-note';
import type { OrganizePlan } from '../../src/agents/organize/organize-plan';

export const PLAN_NOTE = 'Reeve/Plans/Organize Inbox.md';

export const plan: OrganizePlan = {
  planId: 'p1',
  targetFolder: 'Inbox',
  description: '3 operations for Inbox: heuristics placed 2 files.',
  operations: [
    { opId: 'p1-1', type: 'create_folder', path: 'Inbox/PDFs', risk: 'low' },
    { opId: 'p1-2', type: 'move', source: 'Inbox/a.pdf', destination: 'Inbox/PDFs/a.pdf', rule: 'attachments by type', reason: 'PDFs go together', risk: 'medium' },
    { opId: 'p1-3', type: 'rename', source: 'Inbox/Meeting.md', destination: 'Inbox/2024-03-02 Meeting.md', rule: 'dated names', risk: 'medium' },
  ],
  conflicts: [],
  unchanged: 0,
  duplicates: [],
  undecided: [],
};

export function planVault(extraOps: OrganizePlan['operations'] = []): Record<string, string> {
  return {
    'Inbox/Meeting.md': 'Meeting notes\n',
    'Inbox/a.pdf': '%PDF-1.4 not really\n',
    'Inbox/Docs/': '',
    'Notes/index.md': 'See [[Inbox/Meeting]] and ![[Inbox/a.pdf]].\n',
    [PLAN_NOTE]: organizePlanNote({ ...plan, operations: [...plan.operations, ...extraOps] }, new Date('2024-03-02T10:00:00Z')),
  };
}

/** The JSON of the op block `id` in the note's text. */
export function opJson(text: string, id: string): Record<string, unknown> {
  const line = text.split('\n').find((l) => l.startsWith('{') && l.includes(`"id":"${id}"`));
  if (!line) throw new Error(`no op block ${id}`);
  return JSON.parse(line) as Record<string, unknown>;
}
