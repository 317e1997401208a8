// The tool host as the plugin constructs it (no transport): plain deps, the `current` scope from
// the note the user is in, and `onProposed` told of each proposal that lands, with the client.
import { afterEach, describe, expect, it } from 'vitest';
import { createVaultToolHost, type McpProposedEvent } from '../../src/mcp/vault-tool-host';
import { Retrieval } from '../../src/search/retrieval/retrieval';
import { VaultIndexer } from '../../src/search/keyword/vault-indexer';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

let vault: TempVault | null = null;
afterEach(async () => {
  await vault?.cleanup();
  vault = null;
});

describe('createVaultToolHost', () => {
  it('holds proposals to the current note the plugin names, and tells onProposed who proposed what', async () => {
    vault = await makeTempVault({ 'A.md': '# A\nalpha\n', 'B.md': '# B\nbeta\n' });
    const port = await NodeVault.open(vault.dir);
    const events: McpProposedEvent[] = [];
    let current: string | null = 'A.md';
    const host = createVaultToolHost({
      vault: port,
      walls: ['.obsidian', '.trash'],
      task: { scope: 'current', capabilities: ['add', 'delete', 'create', 'navigate'] },
      currentNote: () => current,
      retrieval: new Retrieval(port, new VaultIndexer(port, { persist: false }), null),
      organize: { planFolder: 'Reeve/Plans' },
      newPlanId: () => 'j1',
      onProposed: (e) => events.push(e),
    });
    const context = { clientName: 'plugin-test', signal: new AbortController().signal };
    const edit = (file: string) => host.callTool('propose_edits', { summary: 's', edits: [{ file, position: 'end', content: 'more' }] }, context);
    const onA = await edit('A.md');
    const onB = await edit('B.md');
    expect(onA.structuredContent?.proposed).toEqual([expect.objectContaining({ path: 'A.md' })]);
    expect(onB.isError).toBe(true);
    expect(JSON.stringify(onB.structuredContent?.refused)).toContain('only the current note (A.md)');
    current = 'B.md';
    expect((await edit('B.md')).isError).toBeFalsy();
    expect(events.map((e) => [e.clientName, e.tool, e.proposed.map((p) => p.path)])).toEqual([
      ['plugin-test', 'propose_edits', ['A.md']],
      ['plugin-test', 'propose_edits', ['B.md']],
    ]);
    const aborted = new AbortController();
    aborted.abort();
    expect((await host.callTool('list_tags', {}, { clientName: 'x', signal: aborted.signal })).isError).toBe(true);
    expect((await host.callTool('list_tags', [] as unknown, context)).isError).toBe(true);
  });
});
