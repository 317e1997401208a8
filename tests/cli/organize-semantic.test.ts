// `reeve organize` scores its similarity scores' content signal with the semantic index
// `reeve index` built, when the provider flags name the provider it was built with (the notes'
// vectors are read from the index: nothing is sent), and with keywords otherwise; the plan says
// which. The vault is the synonym vault (tests/agents/organize/scoring/synonym-vault.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../llm-server';
import { runReeve } from '../helpers/cli';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';
import { synonymVault } from '../agents/organize/scoring/synonym-vault';

const vault = synonymVault();
let server: ScriptedLlmServer;
let tv: TempVault;

beforeAll(async () => {
  server = await startScriptedLlmServer();
  tv = await makeTempVault(vault.files);
  const built = await runReeve(['index', tv.dir, '--provider', 'openai-compatible', '--base-url', server.openaiBaseUrl, '--model', 'embed-scripted', '--dimensions', '64']);
  expect(built.code).toBe(0);
});
afterAll(async () => {
  await server.close();
  await tv.cleanup();
});
beforeEach(() => server.reset());

interface PlanOut {
  description: string;
  operations: { type: string; source?: string; destination?: string }[];
}

const looseTo = (p: PlanOut): string | null => p.operations.find((o) => o.type === 'move' && o.source === vault.loose)?.destination ?? null;

describe('reeve organize: the content signal', () => {
  it('uses the index built with the provider named, sends nothing, and the plan says so', async () => {
    const chat = ['--provider', 'openai-compatible', '--base-url', server.openaiBaseUrl, '--model', 'chat-scripted'];
    const r = await runReeve(['organize', tv.dir, '--folder', 'Inbox', '--sources', 'heuristics', '--dry-run', '--json', ...chat]);
    expect(r.code).toBe(0);
    const plan = JSON.parse(r.stdout) as PlanOut;
    expect(plan.description).toMatch(/content similarity scored by the semantic index \(local\/embed-scripted\/64\)/);
    expect(looseTo(plan)).toBe('Inbox/Garden/Garden kitchen.md');
    expect(server.requests).toEqual([]);
  });

  it('without a provider, keywords score, and the plan says so', async () => {
    const r = await runReeve(['organize', tv.dir, '--folder', 'Inbox', '--dry-run', '--json']);
    expect(r.code).toBe(0);
    const plan = JSON.parse(r.stdout) as PlanOut;
    expect(plan.description).toMatch(/content similarity scored by the notes' keywords \(no semantic index is built for the configured embedder\)/);
    expect(looseTo(plan)).toBeNull();
  });
});
