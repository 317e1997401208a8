// The similarity scores' content signal comes from the semantic index when one is built for the
// embedder and holds every note in scope, from the notes' keywords otherwise, and the plan says
// which. With the scripted server's embedder (a hashed bag of words, not a real model), a note
// written in the garden notes' "synonyms" goes to Inbox/Garden by the index and stays by keywords.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { planOrganize } from '../../../../src/agents/organize/plan-organize';
import { NodeVault } from '../../../../src/vault-vfs/node/node-vault';
import { SemanticIndex } from '../../../../src/search/semantic/semantic-index';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../../llm-server';
import { makeTempVault, type TempVault } from '../../../helpers/temp-vault';
import { scriptedEmbedder, textsSent } from '../../../search/semantic/fixtures';
import { synonymVault } from './synonym-vault';

let server: ScriptedLlmServer;
let tv: TempVault;
const vault = synonymVault();

beforeAll(async () => {
  server = await startScriptedLlmServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  server.reset();
  await tv?.cleanup();
  tv = await makeTempVault(vault.files);
});
afterAll(() => tv?.cleanup());

async function builtIndex(port: NodeVault): Promise<SemanticIndex> {
  const index = new SemanticIndex(port, scriptedEmbedder(server), { persist: false });
  await index.start();
  expect(index.built).toBe(true);
  return index;
}

const plan = async (port: NodeVault, index?: SemanticIndex) =>
  planOrganize(port, { folder: 'Inbox', sources: new Set(['heuristics']), planId: 'p', ...(index ? { similarity: { semantic: index } } : {}) });

/** Where the plan moves the loose note, or null. */
const looseTo = (p: { operations: readonly { type: string; source?: string; destination?: string }[] }): string | null =>
  p.operations.find((o) => o.type === 'move' && o.source === vault.loose)?.destination ?? null;

describe('the content signal from the semantic index', () => {
  it('files a note by what the embedder makes of its words, where keywords see no likeness; the plan says which scored', async () => {
    const port = await NodeVault.open(tv.dir);
    const index = await builtIndex(port);
    server.reset();
    const semantic = await plan(port, index);
    expect(looseTo(semantic)).toBe('Inbox/Garden/Garden kitchen.md');
    expect(semantic.operations.find((o) => o.type === 'move' && o.source === vault.loose)?.reason).toMatch(/content 0\.9\d/);
    expect(semantic.description).toMatch(/content similarity scored by the semantic index \(local\/embed-scripted\/64\)/);
    // The notes' vectors come from the index: planning embeds nothing.
    expect(textsSent(server)).toEqual([]);

    const keywords = await plan(port);
    expect(looseTo(keywords)).toBeNull();
    expect(keywords.description).toMatch(/content similarity scored by the notes' keywords \(no semantic index is built for the configured embedder\)/);
    await index.stop(false);
  });

  it('the embedder\'s likeness is what moved it: the same vault without the synonyms stays put either way', async () => {
    // Control: the loose note's words replaced by words of no class the garden notes use.
    await tv.write(vault.loose, 'nothing here matches either folder at all\n');
    const port = await NodeVault.open(tv.dir);
    const index = await builtIndex(port);
    expect(looseTo(await plan(port, index))).toBeNull();
    await index.stop(false);
  });

  it('an index that lacks a note (changed since it was built) is not used: keywords score, and the plan says why', async () => {
    const port = await NodeVault.open(tv.dir);
    const index = await builtIndex(port);
    await index.stop(false);
    // A stopped index keeps its vectors but no longer follows the vault: the edit leaves it stale.
    await tv.write('Inbox/Kitchen/Stew.md', 'stew of the day\n');
    const stale = await plan(await NodeVault.open(tv.dir), index);
    expect(stale.description).toMatch(/content similarity scored by the notes' keywords: the semantic index \(local\/embed-scripted\/64\) lacks 1 of the 5 notes here/);
    expect(looseTo(stale)).toBeNull();
  });
});
