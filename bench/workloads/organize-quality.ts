// Grouping quality of "Organize folder", offline: V-measure (homogeneity, completeness) of the
// plan's folders against folders a careful user would choose, on examples/messy-vault (truth in
// examples/messy-vault.truth.json) and on a generated messy inbox (bench/quality/messy-inbox.ts,
// about 180 files; full mode about 450). Doing nothing and grouping by file type alone are the
// baselines. The organize agent's passes run too, against the scripted LLM server over HTTP with a
// fixed policy instead of a model (bench/quality/candidate-model.ts): what the candidates are worth.
// One row scores the content signal with a semantic index built by the scripted server's test
// embedder: a hashed bag of words (tests/llm-server/embeddings.ts), not a language model. It shows
// the semantic path working end to end, not what a real embedding model would score.
import { cp, readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { createOrganizeAgent } from '../../src/agents/organize/agent';
import type { OrganizeAgent } from '../../src/agents/organize/plan-organize';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { SemanticIndex } from '../../src/search/semantic/semantic-index';
import { parseRulesJson } from '../../src/dsl/rules';
import { clientFor } from '../../tests/agents/llm/client-fixtures';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../tests/llm-server';
import { scriptedEmbedder } from '../../tests/search/semantic/fixtures';
import { candidateModel } from '../quality/candidate-model';
import { type Measured, formatMeasure, measureNothing, measureReeve, measureTypeOnly, writeFiles } from '../quality/measure-organize';
import { generateInbox, inboxTruth } from '../quality/messy-inbox';
import { readTruthFile } from '../quality/groupings';
import type { Bench, Workload } from '../harness';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

function row(bench: Bench, vault: string, method: string, m: Measured, baseline?: Measured): void {
  bench.record({
    case: `${vault}: ${method}`,
    value: formatMeasure(m),
    ...(baseline ? { baseline: 'type-only grouping', baselineValue: `V ${baseline.v.toFixed(3)}`, ratio: `${(m.v / Math.max(baseline.v, 1e-9)).toFixed(2)}x` } : {}),
    note: `strict V ${m.strictV.toFixed(3)} (year/month levels as folders of their own)${m.operations === undefined ? '' : `; ${m.operations} operations`}${m.content === undefined ? '' : `; ${m.content}`}`,
  });
}

const workload: Workload = {
  name: 'organize-quality',
  description:
    'Grouping quality of Organize, offline: V-measure (the harmonic mean of homogeneity and completeness, 1 = the true folders exactly) of where each file ends up, ' +
    'against where a careful user would file it, for examples/messy-vault and a generated messy inbox (daily notes, meetings, people, projects, recipes, books, clippings, ' +
    'screenshots, invoices, camera photos; links, frontmatter and subfolders). Folders are compared with trailing year/month levels folded away (Daily/2026/03 counts as Daily). ' +
    'Aim: at least 0.90 for Reeve on the generated inbox.',
  async run(bench, ctx) {
    const server = await startScriptedLlmServer();
    server.respondWith(candidateModel());
    const agent = (): OrganizeAgent => createOrganizeAgent({ client: clientFor(server, { kind: 'openai', streaming: false }) });
    const scripted = 'Reeve heuristics + the agent passes, scripted (best candidate at 0.40 or more, else stay)';
    try {
      await measureAll(bench, ctx.tmp, ctx.quick, agent, scripted, server);
    } finally {
      await server.close();
    }
  },
};

async function measureAll(bench: Bench, tmp: string, quick: boolean, agent: () => OrganizeAgent, scripted: string, server: ScriptedLlmServer): Promise<void> {
  // examples/messy-vault, copied so nothing in the repository is read while it could change.
  const example = path.join(tmp, 'messy-vault');
  await cp(path.join(ROOT, 'examples', 'messy-vault'), example, { recursive: true });
  const exampleTruth = await readTruthFile(path.join(ROOT, 'examples', 'messy-vault.truth.json'), 'Inbox');
  const rules = parseRulesJson(await readFile(path.join(ROOT, 'examples', 'messy-vault.rules.json'), 'utf8'));
  const exTypeOnly = measureTypeOnly(exampleTruth);
  row(bench, 'messy-vault', 'doing nothing', measureNothing(exampleTruth));
  row(bench, 'messy-vault', 'type-only grouping (baseline)', exTypeOnly);
  row(bench, 'messy-vault', 'Reeve heuristics', await measureReeve(example, 'Inbox', exampleTruth), exTypeOnly);
  row(bench, 'messy-vault', 'Reeve heuristics + the example rules', await measureReeve(example, 'Inbox', exampleTruth, { rules }), exTypeOnly);
  row(bench, 'messy-vault', scripted, await measureReeve(example, 'Inbox', exampleTruth, { agent: agent() }), exTypeOnly);
  row(bench, 'messy-vault', SEMANTIC, await withTestIndex(example, server, (vault, index) => measureReeve(example, 'Inbox', exampleTruth, { vault, similarity: { semantic: index } })), exTypeOnly);

  const files = generateInbox({ seed: 1, scale: quick ? 1 : 3 });
  const generated = path.join(tmp, 'generated');
  await writeFiles(generated, files);
  const truth = inboxTruth(files);
  const label = `generated inbox (${files.length} files)`;
  const typeOnly = measureTypeOnly(truth);
  row(bench, label, 'doing nothing', measureNothing(truth));
  row(bench, label, 'type-only grouping (baseline)', typeOnly);
  row(bench, label, 'Reeve heuristics', await measureReeve(generated, 'Inbox', truth), typeOnly);
  row(bench, label, SEMANTIC, await withTestIndex(generated, server, (vault, index) => measureReeve(generated, 'Inbox', truth, { vault, similarity: { semantic: index } })), typeOnly);
  row(bench, label, scripted, await measureReeve(generated, 'Inbox', truth, { agent: agent() }), typeOnly);
}

const SEMANTIC = 'Reeve heuristics, content scored by a semantic index of the test embedder (hashed words, 512 dimensions; not a real model)';

/** Builds a semantic index of the vault at `dir` with the test embedder, in memory, for `use`. */
async function withTestIndex<T>(dir: string, server: ScriptedLlmServer, use: (vault: NodeVault, index: SemanticIndex) => Promise<T>): Promise<T> {
  const vault = await NodeVault.open(dir);
  const index = new SemanticIndex(vault, scriptedEmbedder(server, 512), { persist: false });
  try {
    await index.start();
    if (!index.built) throw new Error(`the test embedder's index was not built (${index.progress.phase})`);
    return await use(vault, index);
  } finally {
    await index.stop(false);
  }
}

export default workload;
