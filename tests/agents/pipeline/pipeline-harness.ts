// Runs the ask pipeline in-process on a temp vault against the scripted server, recording events.
import { DEFAULT_SCOUT_SETTINGS, type ScoutSettings } from '../../../src/agents/scout/scout-settings';
import { runPipeline, type AskDeps, type AskRequest, type AskResult } from '../../../src/agents/pipeline/run-pipeline';
import type { PipelineEvent } from '../../../src/agents/pipeline/pipeline-events';
import { DEFAULT_TASK_SETTINGS, type TaskSettings } from '../../../src/agents/task/task-settings';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import { Retrieval } from '../../../src/search/retrieval/retrieval';
import { VaultIndexer } from '../../../src/search/keyword/vault-indexer';
import type { LlmClient } from '../../../src/agents/llm/llm-client';

export interface PipelineRun {
  result: AskResult;
  events: PipelineEvent[];
}

export interface RunOptions {
  client: LlmClient;
  request?: Partial<AskRequest>;
  scout?: Partial<ScoutSettings>;
  task?: Partial<TaskSettings>;
  excludedFolders?: string[];
  signal?: AbortSignal;
  onEvent?: (e: PipelineEvent, events: PipelineEvent[]) => void;
  askUser?: AskDeps['askUser'];
  web?: AskDeps['web'];
}

export async function runOn(dir: string, o: RunOptions): Promise<PipelineRun> {
  const vault = await NodeVault.open(dir);
  const indexer = new VaultIndexer(vault, { persist: false });
  await indexer.start();
  const events: PipelineEvent[] = [];
  try {
    const request: AskRequest = { task: 'how much will the solar roof cost?', currentNote: null, agents: { scout: false, web: false, task: true }, depth: 2, sameFolder: false, manual: [], history: [], ...o.request };
    const deps: AskDeps = {
      vault,
      retrieval: new Retrieval(vault, indexer, null),
      explore: o.client,
      plan: o.client,
      scout: { ...DEFAULT_SCOUT_SETTINGS, ...o.scout },
      task: { ...DEFAULT_TASK_SETTINGS, ...o.task },
      web: o.web ?? null,
      excludedFolders: o.excludedFolders ?? [],
      askUser: o.askUser ?? (() => Promise.resolve(null)),
    };
    const result = await runPipeline(request, deps, (e) => {
      events.push(e);
      o.onEvent?.(e, events);
    }, o.signal);
    return { result, events };
  } finally {
    await indexer.stop();
  }
}

export function eventTypes(events: readonly PipelineEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) {
    const label = 'phase' in e && e.phase !== null && e.type.startsWith('phase') ? `${e.type}:${e.phase}` : e.type;
    if (label === 'text_delta' || label === 'reasoning_delta' || label === 'usage') continue;
    if (out[out.length - 1] !== label) out.push(label);
  }
  return out;
}
