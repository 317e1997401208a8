import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTaskAnswer } from '../../src/edits/instructions/parse-answer';
import { applyResolvedEdits, resolveAnswer } from '../../src/edits/instructions/resolve-answer';
import { editBlockText } from '../../src/edits/pending/block-format';
import { findBlocks } from '../../src/edits/pending/find-blocks';
import { directNoteWriter } from '../../src/edits/pending/note-writer';
import { proposeEdits } from '../../src/edits/pending/propose-edits';
import { resolveEditBlock, resolveNoteEditBlocks, resolveVaultEditBlocks, restoreDamagedBlock } from '../../src/edits/pending/resolve-edit-blocks';
import { buildScopePolicy, type Capability } from '../../src/edits/scope/scope-policy';
import { removeVault, tempVault, type TempVault } from './helpers/temp-vault';

const ALL: Capability[] = ['add', 'delete', 'create', 'navigate'];
const everywhere = buildScopePolicy({ configDir: '.obsidian', scope: { folders: ['**'] }, capabilities: ALL });

const NOTE = '---\ntags: [x]\n---\n# Title\n\n## Tasks\n- [ ] one\n- [ ] two\n\nText with ``` backticks.\n';

let vault: TempVault | null = null;
afterEach(async () => {
  if (vault) await removeVault(vault);
  vault = null;
});

async function propose(v: TempVault, edits: unknown[]) {
  const parsed = parseTaskAnswer({ summary: '', edits });
  if (!parsed.ok) throw new Error(parsed.error);
  const plan = await resolveAnswer(v.port, parsed.answer);
  expect(plan.refused).toEqual([]);
  const expected = Object.fromEntries(Object.entries(plan.sources).map(([note, text]) => [note, applyResolvedEdits(text, plan.edits.filter((e) => e.file === note))]));
  return { report: await proposeEdits(v.port, plan, everywhere), expected };
}

describe('block format', () => {
  it('keeps before/after with fences and line breaks on one JSON line between the fences', () => {
    const text = editBlockText({ id: 'e1', type: 'replace', before: 'a\n```\nb', after: '````js\nc\r\n' }, '\n');
    const lines = text.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe('```ai-edit');
    expect(lines[1]).toBe('{"id":"e1","type":"replace","before":"a\\n```\\nb","after":"````js\\nc\\r\\n"}');
    expect(lines.slice(2)).toEqual(['```', '#ai_edit']);
    const [b] = findBlocks('x\n' + text + '\ny');
    expect(b).toMatchObject({ kind: 'edit', state: 'pending', from: 1, to: 5, data: { before: 'a\n```\nb', after: '````js\nc\r\n' } });
  });
});

describe('proposing edits as blocks', () => {
  it('puts each block in place of the lines it changes; reject all gives back the exact note, accept all the edited one', async () => {
    vault = await tempVault({ 'Plan.md': NOTE });
    const { report, expected } = await propose(vault, [
      { file: 'Plan', position: 'after:## Tasks', content: '- [ ] zero' },
      { file: 'Plan.md', find: '- [ ] two', replace: '- [x] two' },
      { file: 'Plan.md', position: 'delete:10' },
    ]);
    expect(report.proposed.map((p) => p.type)).toEqual(['add', 'replace', 'delete']);
    const withBlocks = await vault.port.read('Plan.md');
    const blocks = findBlocks(withBlocks);
    expect(blocks.map((b) => [b.kind, b.state, b.from + 1])).toEqual([
      ['edit', 'pending', 7],
      ['edit', 'pending', 12],
      ['edit', 'pending', 17],
    ]);
    expect(withBlocks.startsWith('---\ntags: [x]\n---\n# Title\n\n## Tasks\n```ai-edit\n')).toBe(true);

    const rejected = await resolveNoteEditBlocks(vault.port, 'Plan.md', 'reject', { policy: everywhere });
    expect(rejected.every((o) => o.status === 'done')).toBe(true);
    expect(await vault.port.read('Plan.md')).toBe(NOTE);

    await vault.port.process('Plan.md', () => withBlocks);
    await resolveNoteEditBlocks(vault.port, 'Plan.md', 'accept', { policy: everywhere });
    expect(await vault.port.read('Plan.md')).toBe(expected['Plan.md']);
  });

  it('works on a CRLF note without a final newline, byte for byte', async () => {
    const crlf = 'a\r\nb\r\nc';
    vault = await tempVault({ 'n.md': crlf });
    const { expected } = await propose(vault, [
      { file: 'n.md', position: 'end', content: 'd' },
      { file: 'n.md', position: 'replace:1', content: 'A' },
    ]);
    const withBlocks = await vault.port.read('n.md');
    expect(withBlocks.split('\r\n')).toHaveLength(10);
    await resolveVaultEditBlocks(vault.port, 'reject', { policy: everywhere });
    expect(await vault.port.read('n.md')).toBe(crlf);
    await vault.port.process('n.md', () => withBlocks);
    await resolveVaultEditBlocks(vault.port, 'accept', { policy: everywhere });
    expect(await vault.port.read('n.md')).toBe(expected['n.md']);
    expect(expected['n.md']).toBe('A\r\nb\r\nc\r\nd');
  });

  it('refuses to write blocks into a note that changed after the edits were resolved', async () => {
    vault = await tempVault({ 'n.md': 'one\ntwo\n' });
    const parsed = parseTaskAnswer({ edits: [{ file: 'n.md', position: 'end', content: 'three' }] });
    if (!parsed.ok) throw new Error(parsed.error);
    const plan = await resolveAnswer(vault.port, parsed.answer);
    await vault.port.process('n.md', () => 'one\ntwo\nuser typed\n');
    const report = await proposeEdits(vault.port, plan, everywhere);
    expect(report.proposed).toEqual([]);
    expect(report.refused[0]?.message).toMatch(/the note changed/);
    expect(await vault.port.read('n.md')).toBe('one\ntwo\nuser typed\n');
  });

  it('applies the scope policy before anything is shown', async () => {
    vault = await tempVault({ 'a.md': 'x\n', 'Private/b.md': 'y\n' });
    const parsed = parseTaskAnswer({ edits: [{ file: 'a.md', position: 'end', content: 'z' }, { file: 'Private/b.md', position: 'end', content: 'z' }] });
    if (!parsed.ok) throw new Error(parsed.error);
    const policy = buildScopePolicy({ configDir: '.obsidian', scope: { folders: ['**'] }, capabilities: ['delete'], excludedFolders: ['Private'] });
    const report = await proposeEdits(vault.port, await resolveAnswer(vault.port, parsed.answer), policy);
    expect(report.refused.map((r) => r.message)).toEqual(['adding text needs the "add" permission, which this task does not have', 'adding text needs the "add" permission, which this task does not have']);
    expect(await vault.port.read('a.md')).toBe('x\n');
  });

  it('refuses unsafe paths and folders before reading anything', async () => {
    vault = await tempVault({ 'Folder/a.md': 'x\n' });
    const parsed = parseTaskAnswer({ edits: [{ file: '../outside.md', position: 'end', content: 'z' }, { file: '.obsidian/app.json', find: 'a', replace: 'b' }, { file: 'Folder', position: 'end', content: 'z' }] });
    if (!parsed.ok) throw new Error(parsed.error);
    const plan = await resolveAnswer(vault.port, parsed.answer);
    expect(plan.refused.map((r) => r.message)).toEqual([
      '".." segments are not allowed; paths stay inside the vault',
      'the config folder (.obsidian) is protected',
      'no such note; use position "create" to make a new one',
    ]);
  });

  it('creates a new note as one add block; rejecting it trashes the note, accepting writes the content', async () => {
    vault = await tempVault({ 'a.md': 'x\n' });
    await propose(vault, [{ file: 'Ideas/New', position: 'create', content: '# New\nbody\n' }]);
    const blocks = findBlocks(await vault.port.read('Ideas/New.md'));
    expect(blocks[0]).toMatchObject({ state: 'pending', data: { type: 'add', after: '# New\nbody', newNote: true } });
    const id = blocks[0]?.state === 'pending' ? blocks[0].data.id : '';
    const text = await vault.port.read('Ideas/New.md');
    expect(await resolveEditBlock(vault.port, 'Ideas/New.md', id, 'reject', { policy: everywhere })).toMatchObject({ status: 'done' });
    expect(await vault.port.exists('Ideas/New.md')).toBe(false);
    await vault.port.create('Ideas/New.md', text);
    await resolveEditBlock(vault.port, 'Ideas/New.md', id, 'accept', { policy: everywhere });
    expect(await vault.port.read('Ideas/New.md')).toBe('# New\nbody\n');
  });
});

describe('accepting and rejecting safely', () => {
  async function oneBlock(text = 'a\nb\nc\n') {
    vault = await tempVault({ 'n.md': text });
    const { report } = await propose(vault, [{ file: 'n.md', position: 'replace:2', content: 'B' }]);
    return { v: vault, id: report.proposed[0]?.id ?? '' };
  }

  it('refuses a block that changed since it was shown, and a note changed between read and write', async () => {
    const { v, id } = await oneBlock();
    const shown = findBlocks(await v.port.read('n.md'))[0]?.raw ?? '';
    await v.port.process('n.md', (t) => t.replace('"after":"B"', '"after":"Q"'));
    const stale = await resolveEditBlock(v.port, 'n.md', id, 'accept', { policy: everywhere, expectedRaw: shown });
    expect(stale).toMatchObject({ status: 'refused', reason: 'the block changed since it was shown; look at it again' });
    await v.port.process('n.md', (t) => t.replace('"after":"Q"', '"after":"B"'));
    const racing = async (change: Parameters<ReturnType<typeof directNoteWriter>>[0]) => {
      await fs.appendFile(path.join(v.dir, 'n.md'), 'typed meanwhile\n');
      await directNoteWriter(v.port)(change);
    };
    const raced = await resolveEditBlock(v.port, 'n.md', id, 'accept', { policy: everywhere, writer: racing });
    expect(raced).toMatchObject({ status: 'refused', reason: 'the note changed since the block was read; nothing was written' });
    expect(await v.port.read('n.md')).toContain('```ai-edit');
  });

  it('checks the scope policy again on accept (reject needs no permission)', async () => {
    const { v, id } = await oneBlock();
    const addOnly = buildScopePolicy({ configDir: '.obsidian', scope: { folders: ['**'] }, capabilities: ['add'] });
    const r = await resolveEditBlock(v.port, 'n.md', id, 'accept', { policy: addOnly });
    expect(r).toMatchObject({ status: 'refused', reason: 'replacing text needs the "delete" permission, which this task does not have' });
    const outside = buildScopePolicy({ configDir: '.obsidian', scope: 'current', currentNote: 'other.md', capabilities: ALL });
    expect((await resolveEditBlock(v.port, 'n.md', id, 'accept', { policy: outside })).reason).toMatch(/outside the editable scope/);
    expect(await resolveEditBlock(v.port, 'n.md', id, 'reject', { policy: addOnly })).toMatchObject({ status: 'done' });
    expect(await v.port.read('n.md')).toBe('a\nb\nc\n');
  });

  it('never picks one of several blocks that share an id', async () => {
    const { v, id } = await oneBlock();
    const text = await v.port.read('n.md');
    const block = findBlocks(text)[0]?.raw ?? '';
    await v.port.process('n.md', (t) => t + block + '\n');
    const r = await resolveEditBlock(v.port, 'n.md', id, 'accept', { policy: everywhere });
    expect(r.reason).toBe(`id ${id} is used by 2 blocks (lines 2, 7); resolve them by hand`);
  });

  it('reports a damaged block with its recovered original text and restores it on request', async () => {
    const { v } = await oneBlock();
    await v.port.process('n.md', (t) => t.replace('"type":"replace",', '"type":"replace"'));
    const [b] = findBlocks(await v.port.read('n.md'));
    expect(b).toMatchObject({ state: 'damaged', from: 1, damage: { before: 'b', type: 'replace', restorable: true } });
    expect(b?.state === 'damaged' && b.damage.reason).toMatch(/JSON is damaged/);
    const all = await resolveNoteEditBlocks(v.port, 'n.md', 'accept', { policy: everywhere });
    expect(all[0]).toMatchObject({ status: 'refused' });
    expect(all[0]?.reason).toMatch(/damaged .* restore its original text/);
    expect(await restoreDamagedBlock(v.port, 'n.md', 2)).toMatchObject({ status: 'done' });
    expect(await v.port.read('n.md')).toBe('a\nb\nc\n');
  });

  it('reports a block without a closing fence as damaged and not restorable', async () => {
    const { v } = await oneBlock();
    await v.port.process('n.md', (t) => t.replace(/\n```\n#ai_edit/, ''));
    const [b] = findBlocks(await v.port.read('n.md'));
    expect(b).toMatchObject({ state: 'damaged', damage: { reason: 'the block has no closing fence', before: 'b', restorable: false } });
    expect(await restoreDamagedBlock(v.port, 'n.md', 2)).toMatchObject({ status: 'refused' });
  });
});
