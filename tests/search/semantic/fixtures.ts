// The semantic index against the scripted server's deterministic embedder (hashed bag of words),
// over real files: what the server receives is what the index sent.
import { createEmbedder } from '../../../src/agents/llm/embedder-adapter';
import type { Embedder } from '../../../src/search/semantic/types';
import { nodeFetch, providerFor } from '../../agents/llm/client-fixtures';
import type { ScriptedLlmServer } from '../../llm-server';

export function scriptedEmbedder(server: ScriptedLlmServer, dimensions = 64, model = 'embed-scripted'): Embedder {
  return createEmbedder({
    provider: providerFor(server, { kind: 'openai-compatible' }),
    model,
    fetch: nodeFetch,
    allowBrowser: false,
    dimensions,
    retryPolicy: { maxRetries: 0 },
  });
}

/** Texts the server was asked to embed, in order. */
export function textsSent(server: ScriptedLlmServer): string[] {
  return server.requests.filter((r) => r.api === 'openai-embeddings').flatMap((r) => (Array.isArray(r.body.input) ? r.body.input.map(String) : [String(r.body.input)]));
}

export function sectionNote(topic: string, sections: number): string {
  const out = [`---\ntags: [${topic}]\n---`];
  for (let s = 0; s < sections; s++) out.push(`## ${topic} part ${s}\n${`${topic} words about section ${s} `.repeat(40)}`);
  return out.join('\n');
}
