// `reeve mcp` proposals, driven by the SDK's own client over stdio: propose_edits through the Task
// agent's path (scope, capabilities, walls, ledger), propose_organize as a plan note, and
// pending_status following the user's decisions made with `reeve pending`. Every file of the vault
// is hashed: nothing changes but the pending blocks and the plan note, until the user decides.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCliBundle, removeCliBundle, runReeve } from '../helpers/cli';
import { connectReeve, textOf, type McpSession } from '../helpers/mcp-stdio-client';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

interface Proposed {
  proposed: { id: string; path: string }[];
  refused: { path?: string; reason: string }[];
}
interface Statuses {
  proposals: { id: string; path: string | null; state: string; detail?: string }[];
}

const hashes = async (v: TempVault): Promise<Map<string, string>> => new Map([...(await v.snapshot())].map(([k, b]) => [k, createHash('sha256').update(b).digest('hex')]));

describe('reeve mcp: proposals land as pending blocks, and their fate is told', () => {
  let bin = '';
  let vault: TempVault;
  let a: McpSession;
  let narrow: McpSession;
  let before: Map<string, string>;
  beforeAll(async () => {
    bin = await buildCliBundle();
    vault = await makeTempVault({
      '.obsidian/plugins/reeve/data.json': JSON.stringify({ excludedFolders: ['Private'], rules: [{ name: 'PDFs', if: 'file.ext == "pdf"', thenMoveTo: 'PDFs' }] }),
      'Projects/Solar.md': '# Solar\nsolar panels plan\n[[Wind]] #energy\n',
      'Projects/Wind.md': '# Wind\nwind turbines [[Solar]]\n',
      'Private/Secret.md': '# Secret\nhunter2\n',
      'Inbox/report.pdf': '%PDF-1.4 not really\n',
    });
    before = await hashes(vault);
    a = await connectReeve(bin, [vault.dir], 'test-agent');
    narrow = await connectReeve(bin, [vault.dir, '--allow', 'add,delete'], 'narrow-agent');
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await narrow?.close();
    removeCliBundle(bin);
    await vault?.cleanup();
  });

  it('refuses an edit of a note the client has not read (the context scope), saying to read it first; nothing changes', async () => {
    const r = await a.call('propose_edits', { summary: 'tweak', edits: [{ file: 'Projects/Solar.md', position: 'replace:2', content: 'x' }] });
    expect(r.isError).toBe(true);
    const sc = r.structuredContent as unknown as Proposed;
    expect(sc.proposed).toEqual([]);
    expect(sc.refused[0]?.reason).toContain('outside the editable scope');
    expect(sc.refused[0]?.reason).toContain('read a note first');
    expect(await hashes(vault)).toEqual(before);
  });

  let solarId = '';
  let windId = '';
  let newId = '';
  it('proposes read notes\' edits and a new note as pending blocks; a walled note is refused as a missing one', async () => {
    await a.call('read_note', { path: 'Projects/Solar.md' });
    await a.call('read_note', { path: 'Projects/Wind.md' });
    const r = await a.call('propose_edits', {
      summary: 'cost the plan',
      edits: [
        { file: 'Projects/Solar.md', position: 'replace:2', content: 'solar panels plan, costed' },
        { file: 'Private/Secret.md', position: 'end', content: 'leak' },
        { file: 'Nowhere/Gone.md', position: 'end', content: 'leak' },
        { file: 'Projects/Wind.md', find: 'wind turbines', replace: 'wind turbines (two)' },
        { file: 'Projects/New idea.md', position: 'create', content: '# New idea\n' },
      ],
    });
    expect(r.isError).toBeFalsy();
    const sc = r.structuredContent as unknown as Proposed;
    expect(sc.proposed.map((p) => p.path)).toEqual(['Projects/Solar.md', 'Projects/Wind.md', 'Projects/New idea.md']);
    [solarId, windId, newId] = sc.proposed.map((p) => p.id) as [string, string, string];
    const walled = sc.refused.find((x) => x.path === 'Private/Secret.md');
    const missing = sc.refused.find((x) => x.path === 'Nowhere/Gone.md');
    expect(walled?.reason).toBe(missing?.reason);
    expect(JSON.stringify(r)).not.toContain('hunter2');
    // Only the pending blocks (and the new note holding its one block) are new in the vault.
    const now = await hashes(vault);
    for (const [k, h] of before) if (k !== 'Projects/Solar.md' && k !== 'Projects/Wind.md') expect(now.get(k), k).toBe(h);
    expect([...now.keys()].filter((k) => !before.has(k))).toEqual(['Projects/New idea.md']);
    expect(await vault.read('Projects/Solar.md')).toMatch(/^# Solar\n```ai-edit\n.*"before":"solar panels plan".*\n```\n#ai_edit\n\[\[Wind\]\] #energy\n$/s);
    expect(await vault.read('Private/Secret.md')).toBe('# Secret\nhunter2\n');
    expect(a.stderr()).toContain('test-agent proposed 3 edits');
    expect(a.stderr()).not.toContain('<vault>');
    expect(await vault.read('.obsidian/plugins/reeve/ledger/proposals.jsonl')).toContain('"by":"test-agent"');
  });

  it('refuses a new note without the create capability, and says so', async () => {
    await narrow.call('read_note', { path: 'Projects/Solar.md' });
    const r = await narrow.call('propose_edits', { summary: 'new', edits: [{ file: 'Projects/Other.md', position: 'create', content: 'x' }] });
    expect(r.isError).toBe(true);
    const sc = r.structuredContent as unknown as Proposed;
    expect(sc.refused).toHaveLength(1);
    expect(sc.refused[0]?.reason).toMatch(/creating a note/);
    expect(sc.refused[0]?.reason).toMatch(/create/);
    expect(await vault.snapshot()).not.toContain('Projects/Other.md');
  });

  it('pending_status lists this client\'s proposals only, all pending', async () => {
    const mine = (await a.call('pending_status')).structuredContent as unknown as Statuses;
    expect(mine.proposals.map((p) => [p.id, p.state])).toEqual([
      [solarId, 'pending'],
      [windId, 'pending'],
      [newId, 'pending'],
    ]);
    const theirs = (await narrow.call('pending_status')).structuredContent as unknown as Statuses & { refused: { reason: string }[] };
    expect(theirs.proposals).toEqual([]);
    expect(theirs.refused.map((x) => x.reason).join()).toMatch(/creating a note/);
    const unknown = (await narrow.call('pending_status', { ids: ['e-nope'] })).structuredContent as unknown as Statuses;
    expect(unknown.proposals[0]?.state).toBe('unknown');
  });

  it('pending_status follows the user\'s accept and rejects made with reeve pending', async () => {
    expect((await runReeve(['pending', vault.dir, 'accept', '--id', solarId])).code).toBe(0);
    expect((await runReeve(['pending', vault.dir, 'reject', '--id', windId])).code).toBe(0);
    expect((await runReeve(['pending', vault.dir, 'reject', '--id', newId])).code).toBe(0);
    const r = (await a.call('pending_status', { ids: [solarId, windId, newId] })).structuredContent as unknown as Statuses;
    expect(r.proposals.map((p) => [p.id, p.state])).toEqual([
      [solarId, 'accepted'],
      [windId, 'rejected'],
      [newId, 'rejected'],
    ]);
    expect(await vault.read('Projects/Solar.md')).toBe('# Solar\nsolar panels plan, costed\n[[Wind]] #energy\n');
    expect(await vault.read('Projects/Wind.md')).toBe('# Wind\nwind turbines [[Solar]]\n');
  });

  it('propose_organize writes a plan note of pending operations from the user\'s rules; nothing moves', async () => {
    const walled = await a.call('propose_organize', { folder: 'Private' });
    expect(walled.isError).toBe(true);
    expect(textOf(walled)).toMatch(/^not found/);
    const agent = await a.call('propose_organize', { folder: 'Inbox', sources: ['agent'] });
    expect(agent.isError).toBe(true);
    const r = await a.call('propose_organize', { folder: 'Inbox' });
    expect(r.isError).toBeFalsy();
    const sc = r.structuredContent as { planNote: string; proposed: { id: string; type: string; path: string; destination?: string }[] };
    expect(sc.planNote).toMatch(/^Reeve\/Plans\//);
    expect(sc.proposed.map((p) => [p.type, p.path, p.destination])).toEqual([
      ['create_folder', 'Inbox/PDFs', undefined],
      ['move', 'Inbox/report.pdf', 'Inbox/PDFs/report.pdf'],
    ]);
    expect(await vault.read('Inbox/report.pdf')).toBe('%PDF-1.4 not really\n');
    const status = (await a.call('pending_status', { ids: [sc.proposed[0]?.id ?? ''] })).structuredContent as unknown as Statuses;
    expect(status.proposals[0]).toMatchObject({ state: 'pending', path: sc.planNote });
    // The vault, file by file: the accepted edit, the plan note, and the rejected new note in the trash.
    const after = await hashes(vault);
    for (const [k, h] of before) if (k !== 'Projects/Solar.md') expect(after.get(k), k).toBe(h);
    expect([...after.keys()].filter((k) => !before.has(k)).every((k) => k.startsWith('Reeve/') || k.startsWith('.trash/'))).toBe(true);
  });

  it('keeps a refusal bounded when the client sends a huge anchor', async () => {
    const r = await narrow.call('propose_edits', { summary: 'huge', edits: [{ file: 'Projects/Solar.md', find: 'z'.repeat(900_000), replace: 'y' }] });
    expect(r.isError).toBe(true);
    expect(JSON.stringify(r).length, textOf(r).slice(0, 500)).toBeLessThan(20_000);
    expect((r.structuredContent as unknown as Proposed | undefined)?.refused, textOf(r).slice(0, 500)).toHaveLength(1);
  });
});
