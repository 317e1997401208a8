// Tokens sent per ask for one fixed task on the Obsidian help vault (a generated corpus when the
// help vault is not beside the repository): Scout picking the notes, against the naive context
// many chat plugins send, the current note's whole linked neighbourhood (2 links deep, both ways,
// no token limit). Both runs go through the real OpenAI SDK to the scripted LLM server, which
// counts what it receives. Also the time Reeve itself adds per phase outside the model calls
// (phase wall time minus the time inside the client's model calls), over repeated runs.
import { existsSync, cpSync } from 'node:fs';
import * as path from 'node:path';
import type { LlmClient } from '../../src/agents/llm/llm-client';
import type { PipelineEvent, PhaseName } from '../../src/agents/pipeline/pipeline-events';
import { runPipeline, type AskDeps, type AskRequest } from '../../src/agents/pipeline/run-pipeline';
import { DEFAULT_SCOUT_SETTINGS } from '../../src/agents/scout/scout-settings';
import { DEFAULT_TASK_SETTINGS } from '../../src/agents/task/task-settings';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { Retrieval } from '../../src/search/retrieval/retrieval';
import { VaultIndexer } from '../../src/search/keyword/vault-indexer';
import { clientFor } from '../../tests/agents/llm/client-fixtures';
import { reply, startScriptedLlmServer, type ScriptedLlmServer } from '../../tests/llm-server';
import { writeCorpus } from '../corpus';
import { fmtMs, summarize, type Workload } from '../harness';

const HELP = process.env.REEVE_HELP_VAULT ?? path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'vaults', 'obsidian-help-en');
const TASK = 'How do I embed part of another note, and how do I link to a heading?';

/** The client with the time spent inside its model calls added up. */
function timedClient(client: LlmClient, spent: { ms: number }): LlmClient {
  return {
    provider: client.provider,
    profile: client.profile,
    listModels: (signal) => client.listModels(signal),
    complete: async (request) => {
      const t0 = performance.now();
      try {
        return await client.complete(request);
      } finally {
        spent.ms += performance.now() - t0;
      }
    },
    async *stream(request) {
      // Time waiting for the next event is the model's; time the consumer spends on one is Reeve's.
      let resumed = performance.now();
      for await (const e of client.stream(request)) {
        spent.ms += performance.now() - resumed;
        yield e;
        resumed = performance.now();
      }
    },
  };
}

function scriptScout(server: ScriptedLlmServer, picks: string[]): void {
  server.script(
    reply.toolCall('search_task_relevant', { limit: 10 }),
    reply.toolCall('search_keyword', { query: 'embed heading link' }),
    reply.toolCall('fetch_note', { path: picks[0] }),
    reply.toolCall('update_selection', { selectedPaths: picks, reasoning: 'The notes on embeds and internal links answer both halves.', confidence: 'done' }),
    reply.toolCall('propose_edits', { summary: 'Use ![[Note#Heading]] to embed a section and [[Note#Heading]] to link to it.', edits: [] }),
  );
}

const workload: Workload = {
  name: 'ask-tokens',
  description:
    `Tokens sent to the model (request characters / 4, counted by the scripted server) for one ask ("${TASK}") from the help vault's "Internal links" note: ` +
    'Scout on (it searches, reads one note and selects three) against the whole linked neighbourhood as context (2 links deep, both ways, no limit). ' +
    'And the time Reeve adds per phase outside model calls (median and range of repeated runs).',
  async run(bench, ctx) {
    const dir = path.join(ctx.tmp, 'vault');
    const help = existsSync(HELP);
    let current = 'Linking notes and files/Internal links.md';
    let picks = ['Linking notes and files/Embed files.md', 'Linking notes and files/Internal links.md', 'Linking notes and files/Aliases.md'];
    if (help) cpSync(HELP, dir, { recursive: true });
    else {
      await writeCorpus(dir, { notes: 2_000, seed: 9 });
      const v = await NodeVault.open(dir);
      const notes = (await v.list()).filter((e) => e.kind === 'file' && e.path.endsWith('.md')).map((e) => e.path);
      const links = v.resolvedLinks();
      current = notes.sort((a, b) => Object.keys(links[b] ?? {}).length - Object.keys(links[a] ?? {}).length)[0] ?? notes[0] ?? '';
      picks = [current, ...Object.keys(links[current] ?? {}).slice(0, 2)];
    }
    const vault = await NodeVault.open(dir);
    const indexer = new VaultIndexer(vault, { persist: false, sliceMs: 200 });
    await indexer.start();
    const server = await startScriptedLlmServer();
    try {
      const spent = { ms: 0 };
      const client = timedClient(clientFor(server, { kind: 'openai', streaming: true }), spent);
      const deps = (tokenLimit: number): AskDeps => ({
        vault,
        retrieval: new Retrieval(vault, indexer, null),
        explore: client,
        plan: client,
        scout: DEFAULT_SCOUT_SETTINGS,
        task: { ...DEFAULT_TASK_SETTINGS, tokenLimit },
        web: null,
        excludedFolders: [],
        askUser: () => Promise.resolve(null),
      });
      const request = (scout: boolean): AskRequest => ({ task: TASK, currentNote: current, agents: { scout, web: false, task: true }, depth: 2, sameFolder: false, manual: [], history: [] });

      // Tokens: one run each.
      scriptScout(server, picks);
      await runPipeline(request(true), deps(DEFAULT_TASK_SETTINGS.tokenLimit), () => undefined);
      const scoutRequests = server.chatRequests();
      const scoutTokens = scoutRequests.reduce((n, r) => n + r.approxTokens, 0);
      server.reset();
      server.script(reply.toolCall('propose_edits', { summary: 'x', edits: [] }));
      const naive = await runPipeline(request(false), deps(10_000_000), () => undefined);
      const naiveTokens = server.chatRequests().reduce((n, r) => n + r.approxTokens, 0);
      bench.record({
        case: `tokens sent for one ask, Scout on (${picks.length} notes picked)`,
        value: `${scoutTokens.toLocaleString('en')} tokens in ${scoutRequests.length} requests`,
        baseline: `whole linked neighbourhood as context (${naive.ctx.notes.length} notes, 2 deep)`,
        baselineValue: `${naiveTokens.toLocaleString('en')} tokens in 1 request`,
        ratio: `${(scoutTokens / naiveTokens).toFixed(2)}x`,
        note: help ? 'help vault' : 'generated corpus (help vault absent)',
      });

      // Reeve's own time per phase, outside model calls.
      const repeats = ctx.quick ? 5 : 15;
      const own: Record<PhaseName, number[]> = { scout: [], web: [], task: [] };
      for (let i = 0; i < repeats; i++) {
        server.reset();
        scriptScout(server, picks);
        const started = new Map<PhaseName, { t: number; model: number }>();
        const listener = (e: PipelineEvent): void => {
          if (e.type === 'phase_started') started.set(e.phase, { t: performance.now(), model: spent.ms });
          if (e.type === 'phase_finished') {
            const s = started.get(e.phase);
            if (s) own[e.phase].push(performance.now() - s.t - (spent.ms - s.model));
          }
        };
        await runPipeline(request(true), deps(DEFAULT_TASK_SETTINGS.tokenLimit), listener);
      }
      for (const phase of ['scout', 'task'] as const) {
        const t = summarize(own[phase]);
        bench.record({ case: `Reeve's own time in the ${phase} phase (outside model calls)`, value: fmtMs(t.medianMs), note: `median of ${repeats}, range ${fmtMs(Math.min(...own[phase]))}-${fmtMs(Math.max(...own[phase]))}; ${phase === 'scout' ? '4 tool calls: searches, a note read, the selection' : 'context, prompt, answer check'}` });
      }
    } finally {
      await server.close();
      await indexer.stop();
    }
  },
};

export default workload;
