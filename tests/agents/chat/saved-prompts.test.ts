// Saved prompts (issue 27): a note's frontmatter name, agents and scope, its body as the prompt,
// `{{selection}}` and `{{note}}` filled; a note that cannot be used named with its problem; the
// folder listed on real files, and nothing read in a folder behind a wall.
import { afterEach, describe, expect, it } from 'vitest';
import { fillPrompt, listSavedPrompts, readSavedPrompt } from '../../../src/agents/chat/saved-prompts';
import { wallOf } from '../../../src/search/retrieval/walls';
import { removeVault, tempVault, type TempVault } from '../../edits/helpers/temp-vault';

let vault: TempVault | null = null;
afterEach(async () => {
  if (vault) await removeVault(vault);
  vault = null;
});

describe('readSavedPrompt', () => {
  it('reads name, agents and scope from the frontmatter and the body as the prompt', () => {
    expect(readSavedPrompt('P/Fix.md', '---\nname: Fix typos\nagents: [Task]\nscope: current\n---\nFix the typos in {{selection}}.\n')).toEqual({ ok: true, prompt: { path: 'P/Fix.md', name: 'Fix typos', agents: { scout: false, web: false, task: true }, scope: 'current', body: 'Fix the typos in {{selection}}.' } });
    expect(readSavedPrompt('P/Ask.md', '---\nagents: scout, task\n---\nAsk\n')).toMatchObject({ ok: true, prompt: { name: 'Ask', agents: { scout: true, web: false, task: true }, scope: null } });
    expect(readSavedPrompt('P/Plain.md', 'Just a prompt')).toMatchObject({ ok: true, prompt: { name: 'Plain', agents: null, scope: null, body: 'Just a prompt' } });
  });

  it('names what is wrong with a note that cannot be a prompt', () => {
    expect(readSavedPrompt('a.md', '---\nagents: [task, shell]\n---\nx')).toEqual({ ok: false, path: 'a.md', problem: 'agents: "shell" is not one of scout, web, task' });
    expect(readSavedPrompt('a.md', '---\nscope: vault\n---\nx')).toEqual({ ok: false, path: 'a.md', problem: 'scope should be one of current, linked, context' });
    expect(readSavedPrompt('a.md', '---\nname: x\n---\n\n')).toEqual({ ok: false, path: 'a.md', problem: 'the note has no prompt under its frontmatter' });
    expect(readSavedPrompt('a.md', '---\nname: [x\n---\nbody')).toMatchObject({ ok: false, problem: expect.stringContaining('not valid YAML') as unknown });
  });

  it('fills {{selection}} and {{note}}, and leaves other braces alone', () => {
    expect(fillPrompt('On {{ note }}: {{selection}} {{other}}', { selection: 'text', note: '[[A]]' })).toBe('On [[A]]: text {{other}}');
  });
});

describe('listSavedPrompts', () => {
  it('lists the folder by name with its problems, none without a folder, and nothing behind a wall', async () => {
    vault = await tempVault({ 'Prompts/b.md': 'B prompt', 'Prompts/Sub/a.md': '---\nname: A\n---\nA prompt', 'Prompts/bad.md': '---\nscope: x\n---\ny', 'Prompts/img.png': 'x', 'Other/c.md': 'C' });
    const r = await listSavedPrompts(vault.port, 'Prompts/', wallOf([]));
    if (r.status !== 'ok') throw new Error(r.status);
    expect(r.prompts.map((p) => p.name)).toEqual(['A', 'b']);
    expect(r.problems).toEqual([{ path: 'Prompts/bad.md', problem: 'scope should be one of current, linked, context' }]);
    expect(await listSavedPrompts(vault.port, '', wallOf([]))).toEqual({ status: 'none' });
    expect(await listSavedPrompts(vault.port, 'Prompts', wallOf(['prompts']))).toEqual({ status: 'walled', folder: 'Prompts' });
  });
});
