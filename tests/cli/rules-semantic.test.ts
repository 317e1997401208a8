// Rules' vector_similarity in `reeve rules match` and `reeve organize` scores with the semantic
// index `reeve index` built (the scripted embedder over HTTP) when its model is the one named,
// and falls back to keyword matching otherwise; each says which index scored.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../llm-server';
import { runReeve } from '../helpers/cli';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';
import { textsSent } from '../search/semantic/fixtures';

// Keyword matching finds both words in both notes (score 1); in meaning, only the short note is
// close to the query (the long one is about much else too).
const NOTES = {
  '.obsidian/plugins/reeve/manifest.json': '{}',
  'Inbox/Orchard.md': 'orchard apples\n',
  'Inbox/Fruit.md': 'orchard apples pears plums cherries grapes figs quinces lemons limes\n',
  'Inbox/Other.md': 'nothing of that kind here\n',
};
const EXPR = 'vector_similarity("orchard apples") > 0.8';

let server: ScriptedLlmServer;
let tv: TempVault;
let embedding: string[];

beforeAll(async () => {
  server = await startScriptedLlmServer();
  embedding = ['--provider', 'openai-compatible', '--base-url', server.openaiBaseUrl, '--model', 'embed-scripted', '--dimensions', '64'];
  tv = await makeTempVault(NOTES);
  const built = await runReeve(['index', tv.dir, ...embedding]);
  expect(built.code).toBe(0);
});
afterAll(async () => {
  await server.close();
  await tv.cleanup();
});
beforeEach(() => server.reset());

describe('reeve rules match: vector_similarity', () => {
  it('scores with the built semantic index when the flags name its model; only the query is sent', async () => {
    const r = await runReeve(['rules', 'match', tv.dir, EXPR, '--json', ...embedding]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(['Inbox/Orchard.md']);
    expect(r.stderr).toBe('note: vector_similarity used the semantic index\n');
    expect(textsSent(server)).toEqual(['orchard apples']);
  });

  it('without embedding flags, or with another model, scores by keywords and says so', async () => {
    const plain = await runReeve(['rules', 'match', tv.dir, EXPR, '--json']);
    expect(plain.code).toBe(0);
    expect((JSON.parse(plain.stdout) as string[]).sort()).toEqual(['Inbox/Fruit.md', 'Inbox/Orchard.md']);
    expect(plain.stderr).toBe('note: vector_similarity used the keyword index\n');

    const other = await runReeve(['rules', 'match', tv.dir, EXPR, '--json', ...embedding.slice(0, 4), '--model', 'other-embed', '--dimensions', '64']);
    expect(other.code).toBe(0);
    expect((JSON.parse(other.stdout) as string[]).sort()).toEqual(['Inbox/Fruit.md', 'Inbox/Orchard.md']);
    expect(other.stderr).toMatch(/^note: the saved semantic index was not used \(written for local\/embed-scripted\/64, not local\/other-embed\/64; kept until the new index is built\)\nnote: vector_similarity used the keyword index\n$/);
    expect(textsSent(server)).toEqual([]);
  });

  it('an expression without vector_similarity loads no index and sends nothing', async () => {
    const r = await runReeve(['rules', 'match', tv.dir, 'file.name == "Orchard"', '--json', ...embedding]);
    expect(JSON.parse(r.stdout)).toEqual(['Inbox/Orchard.md']);
    expect(r.stderr).toBe('');
    expect(server.requests).toEqual([]);
  });
});

describe('reeve rules match --rules FILE: vector_similarity', () => {
  let rulesDir: string;
  let rules: string;
  beforeAll(async () => {
    rulesDir = await mkdtemp(path.join(tmpdir(), 'reeve-rules-'));
    rules = path.join(rulesDir, 'rules.json');
    await writeFile(rules, JSON.stringify({ rules: [{ name: 'Orchards', if: EXPR, thenMoveTo: 'Orchards', thenAddTags: ['orchard'] }] }));
  });
  afterAll(() => rm(rulesDir, { recursive: true, force: true }));
  const matched = (stdout: string): string[] => (JSON.parse(stdout) as { path: string }[]).map((m) => m.path).sort();

  it('scores with the built index when the embedding flags name its model, as an expression does', async () => {
    const r = await runReeve(['rules', 'match', tv.dir, '--rules', rules, '--json', ...embedding]);
    expect(r.code).toBe(0);
    expect(matched(r.stdout)).toEqual(['Inbox/Orchard.md']);
    expect(r.stderr).toBe('note: vector_similarity used the semantic index\n');
    expect(textsSent(server)).toEqual(['orchard apples']);
  });

  it('without the flags, keywords score and it says so; nothing is sent', async () => {
    const r = await runReeve(['rules', 'match', tv.dir, '--rules', rules, '--json']);
    expect(r.code).toBe(0);
    expect(matched(r.stdout)).toEqual(['Inbox/Fruit.md', 'Inbox/Orchard.md']);
    expect(r.stderr).toBe('note: vector_similarity used the keyword index\n');
    expect(server.requests).toEqual([]);
  });
});

describe('reeve organize: vector_similarity in rules', () => {
  let rulesDir: string;
  let rules: string;
  beforeAll(async () => {
    rulesDir = await mkdtemp(path.join(tmpdir(), 'reeve-rules-'));
    rules = path.join(rulesDir, 'rules.json');
    await writeFile(rules, JSON.stringify({ rules: [{ name: 'Orchards', if: EXPR, thenMoveTo: 'Orchards' }] }));
  });
  afterAll(() => rm(rulesDir, { recursive: true, force: true }));

  const moved = (stdout: string): string[] =>
    (JSON.parse(stdout) as { operations: { type: string; source?: string }[] }).operations.filter((o) => o.type === 'move').map((o) => o.source ?? '');

  it('uses the index built with the chat provider (its own embedding model), and the plan says so', async () => {
    const chat = ['--provider', 'openai-compatible', '--base-url', server.openaiBaseUrl, '--model', 'chat-scripted'];
    const r = await runReeve(['organize', tv.dir, '--folder', 'Inbox', '--rules', rules, '--sources', 'rules', '--dry-run', '--json', ...chat]);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { description: string }).description).toMatch(/vector_similarity scored by the semantic index/);
    expect(moved(r.stdout)).toEqual(['Inbox/Orchard.md']);
    expect(textsSent(server)).toEqual(['orchard apples']);
    expect(server.requests.every((q) => q.api === 'openai-embeddings')).toBe(true);
  });

  it('without a provider, keyword matching scores, and the plan says so', async () => {
    const r = await runReeve(['organize', tv.dir, '--folder', 'Inbox', '--rules', rules, '--dry-run', '--json']);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { description: string }).description).toMatch(/vector_similarity scored by the keyword index/);
    expect(moved(r.stdout).sort()).toEqual(['Inbox/Fruit.md', 'Inbox/Orchard.md']);
  });
});
