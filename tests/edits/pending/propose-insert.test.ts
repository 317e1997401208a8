// "Insert into note" (issue 27): the answer becomes a pending `add` block at the cursor's line,
// recorded in the ledger (so accepting it runs without a "not proposed here" question) and held
// to the scope policy; never inside a code fence or another block; refused with the reason, the
// note byte-identical, when the policy or the note refuses it.
import { afterEach, describe, expect, it } from 'vitest';
import { editBlockText } from '../../../src/edits/pending/block-format';
import { proposeInsert } from '../../../src/edits/pending/propose-insert';
import { resolveEditBlock } from '../../../src/edits/pending/resolve-edit-blocks';
import { buildScopePolicy, EDIT_CAPABILITIES } from '../../../src/edits/scope/scope-policy';
import { removeVault, snapshot, tempVault, type TempVault } from '../helpers/temp-vault';

const everything = buildScopePolicy({ configDir: '.obsidian', scope: { folders: ['**'] }, capabilities: [...EDIT_CAPABILITIES] });

let vault: TempVault | null = null;
afterEach(async () => {
  if (vault) await removeVault(vault);
  vault = null;
});

describe('proposeInsert', () => {
  it('writes a recorded add block before the line, and accepting it puts the answer there', async () => {
    vault = await tempVault({ 'a.md': 'one\ntwo\nthree\n' });
    const r = await proposeInsert(vault.port, 'a.md', 1, 'The **answer**\n\nwith two paragraphs\n', everything);
    if (r.status !== 'proposed') throw new Error(r.reason);
    expect(await vault.port.read('a.md')).toBe(`one\n${editBlockText(r.block, '\n')}\ntwo\nthree\n`);
    expect(await resolveEditBlock(vault.port, 'a.md', r.block.id, 'accept', { policy: everything })).toMatchObject({ status: 'done' });
    expect(await vault.port.read('a.md')).toBe('one\nThe **answer**\n\nwith two paragraphs\ntwo\nthree\n');
  });

  it('goes after a code fence or a pending block the cursor is inside, and at the end past the last line', async () => {
    const fenced = 'a\n```js\nx\n```\nb\n';
    vault = await tempVault({ 'f.md': fenced, 'e.md': 'x' });
    const r = await proposeInsert(vault.port, 'f.md', 2, 'Answer', everything);
    if (r.status !== 'proposed') throw new Error(r.reason);
    expect(await vault.port.read('f.md')).toBe(`a\n\`\`\`js\nx\n\`\`\`\n${editBlockText(r.block, '\n')}\nb\n`);
    const inBlock = await proposeInsert(vault.port, 'f.md', 5, 'Second', everything);
    if (inBlock.status !== 'proposed') throw new Error(inBlock.reason);
    expect(await vault.port.read('f.md')).toBe(`a\n\`\`\`js\nx\n\`\`\`\n${editBlockText(r.block, '\n')}\n${editBlockText(inBlock.block, '\n')}\nb\n`);
    const end = await proposeInsert(vault.port, 'e.md', 99, 'Tail', everything);
    if (end.status !== 'proposed') throw new Error(end.reason);
    expect(await vault.port.read('e.md')).toBe(`x\n${editBlockText(end.block, '\n')}`);
  });

  it('refuses a note outside the policy, or an empty answer, and leaves the vault byte-identical', async () => {
    vault = await tempVault({ 'Private/a.md': 'secret\n', 'b.md': 'b\n' });
    const walled = buildScopePolicy({ configDir: '.obsidian', scope: { folders: ['**'] }, excludedFolders: ['Private'], capabilities: [...EDIT_CAPABILITIES] });
    const noAdd = buildScopePolicy({ configDir: '.obsidian', scope: { folders: ['**'] }, capabilities: ['delete'] });
    const before = await snapshot(vault.dir);
    const reason = async (note: string, policy: typeof everything): Promise<string> => {
      const r = await proposeInsert(vault!.port, note, 0, 'x', policy);
      return r.status === 'refused' ? r.reason : 'proposed';
    };
    expect(await reason('Private/a.md', walled)).toMatch(/Private/);
    expect(await reason('b.md', noAdd)).toMatch(/add/);
    expect(await proposeInsert(vault.port, 'b.md', 0, '  \n', everything)).toEqual({ status: 'refused', reason: 'there is no text to insert' });
    expect(await snapshot(vault.dir)).toEqual(before);
  });
});
