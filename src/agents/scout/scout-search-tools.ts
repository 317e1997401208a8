// Scout's search tools: keyword (title > heading > content, with match types), semantic, and
// "task relevant" (the task and the current note's title and headings, fused). Every hit is
// recorded with why it was found, so the selection can say why each note was picked.

import * as v from 'valibot';
import { defineTool, type Tool } from '../tools/tool';
import { LIMITS } from '../tools/argument-limits';
import type { RetrievalHit } from '../../search/retrieval/why';
import type { SearchMode } from '../../search/retrieval/retrieval';
import { plural, stepResult, type ScoutDeps } from './scout-deps';

const limitField = v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)));
const queryField = v.pipe(v.string(), v.minLength(1), v.maxLength(LIMITS.query));

function hitLines(deps: ScoutDeps, hits: readonly RetrievalHit[]): string[] {
  return hits.map((h) => {
    for (const w of h.why) deps.selection.saw(h.path, w, h.score);
    return `- ${h.path} (score ${h.score.toFixed(2)}; ${h.why.map((w) => `${w.kind}: ${w.detail}`).join('; ') || 'match'})`;
  });
}

function report(deps: ScoutDeps, label: string, hits: readonly RetrievalHit[]): { content: string; data: { summary: string } } {
  if (hits.length === 0) return stepResult(`No notes found for ${label}.`, 'no notes');
  return stepResult([`${plural(hits.length, 'note')} for ${label}:`, ...hitLines(deps, hits)].join('\n'), plural(hits.length, 'note'));
}

export function scoutSearchTools(deps: ScoutDeps): Tool[] {
  const search = (query: string, mode: SearchMode, limit: number, signal?: AbortSignal): Promise<RetrievalHit[]> =>
    deps.retrieval.search(query, { mode, limit, exclude: deps.excluded, ...(signal ? { signal } : {}) }).then((hits) => hits.filter((h) => !deps.wall(h.path)));
  const keyword = defineTool({
    name: 'search_keyword',
    description: 'Finds notes by words in their title, aliases, headings, tags and text; title matches rank first. Say what matched for each note.',
    input: v.object({ query: queryField, limit: limitField }),
    async run({ query, limit }) {
      return report(deps, `"${query}"`, await search(query, 'keyword', Math.min(limit ?? deps.settings.keywordLimit, deps.settings.keywordLimit)));
    },
  });
  const semantic = defineTool({
    name: 'search_semantic',
    description: 'Finds notes by meaning (the semantic index), with the heading of the passage that matched. Use it when the words of the question may not be the words of the notes.',
    input: v.object({ query: queryField, limit: limitField }),
    async run({ query, limit }, { signal }) {
      if (!deps.retrieval.semanticReady) return stepResult('There is no semantic index for this vault; use search_keyword instead.', 'no semantic index');
      return report(deps, `"${query}" (by meaning)`, await search(query, 'semantic', limit ?? deps.settings.keywordLimit, signal));
    },
  });
  const taskRelevant = defineTool({
    name: 'search_task_relevant',
    description: "Finds the notes most relevant to the user's request and the note they are in, by keywords and meaning together. A good first step.",
    input: v.object({ limit: limitField }),
    async run({ limit }, { signal }) {
      const current = deps.currentNote === null ? null : deps.vault.metadata(deps.currentNote);
      const headings = (current?.headings ?? []).slice(0, 8).map((h) => h.heading);
      const title = deps.currentNote?.replace(/^.*\//, '').replace(/\.md$/i, '') ?? '';
      const query = [deps.task, title, ...headings].filter((s) => s !== '').join(' ').slice(0, 2000);
      return report(deps, 'the request', await search(query, 'hybrid', limit ?? deps.settings.keywordLimit, signal));
    },
  });
  return [keyword, semantic, taskRelevant];
}
