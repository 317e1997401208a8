// `search {query, mode?, limit?, cursor?}`: keyword, semantic or hybrid search of the notes outside
// the walls, each hit with why it was found; a page at a time, the next behind a cursor.
import type { SearchMode } from '../../search/retrieval/retrieval';
import { enumArg, intArg, onlyKnown, stringArg } from '../mcp-args';
import { cursorOf, cursorPosition } from '../mcp-cursor';
import { McpToolRefusal, vaultResult, type McpTool } from '../mcp-tool';
import { linesWithin, type ToolEnv } from '../tool-env';

const MODES: readonly SearchMode[] = ['keyword', 'semantic', 'hybrid'];
/** Hits a search pages through at most. */
const MAX_DEPTH = 200;

export function searchTool(env: ToolEnv): McpTool {
  return {
    definition: {
      name: 'search',
      title: 'Search notes',
      description:
        'Searches the notes by keyword (names, aliases, headings, tags, text), by meaning (semantic, when the semantic index is built) or both (hybrid). Each hit says why it was found. Results come a page at a time: pass nextCursor as cursor for more.',
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'what to look for', maxLength: 1000 },
          mode: { type: 'string', enum: [...MODES], description: 'keyword, semantic or hybrid (default: hybrid when the semantic index is built, else keyword)' },
          limit: { type: 'integer', minimum: 1, maximum: 50, description: 'hits per page (default 10)' },
          cursor: { type: 'string', description: 'nextCursor of the previous page' },
        },
        required: ['query'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async run(args, context) {
      onlyKnown(args, ['query', 'mode', 'limit', 'cursor']);
      const query = stringArg(args, 'query', 1000, true);
      if (query.trim() === '') throw new McpToolRefusal('"query" is empty; give the words to search for');
      const retrieval = env.deps.retrieval;
      const mode = enumArg(args, 'mode', MODES, retrieval.semanticReady ? 'hybrid' : 'keyword');
      const limit = intArg(args, 'limit', 1, 50, 10);
      const offset = cursorPosition('search', stringArg(args, 'cursor', 100), 0);
      if (offset >= MAX_DEPTH) throw new McpToolRefusal(`search pages through the first ${MAX_DEPTH} hits; refine the query for others`);
      const report = await retrieval.searchReport(query, { mode, limit: Math.min(MAX_DEPTH, offset + limit) + 1, exclude: env.deps.walls, signal: context.signal });
      const visible = report.hits.filter((h) => !env.hidden(h.path));
      const page = visible.slice(offset, offset + limit);
      const lines = page.map((h, i) => `${offset + i + 1}. ${h.path} (score ${h.score.toFixed(3)}): ${h.why.map((w) => `${w.kind}: ${w.detail}`).join('; ')}`);
      const shown = linesWithin(lines);
      const next = offset + shown;
      const more = shown < page.length || (visible.length > offset + page.length && next < MAX_DEPTH);
      const hits = page.slice(0, shown).map((h) => ({ path: h.path, score: Math.round(h.score * 1e4) / 1e4, why: h.why.map((w) => ({ kind: w.kind, detail: w.detail })) }));
      const head = hits.length === 0 ? `No notes match ${JSON.stringify(query)}${offset > 0 ? ' past this point' : ''}.` : `Notes matching ${JSON.stringify(query)} (${report.mode} search):`;
      const tail = more ? `\n(more: call search again with cursor "${cursorOf('search', next)}")` : '';
      const fallback = report.fallback === undefined ? '' : `\nNote: ${report.fallback}.`;
      return vaultResult(`${head}\n${lines.slice(0, shown).join('\n')}${tail}${fallback}`.replace(/\n\n+/g, '\n'), {
        mode: report.mode,
        hits,
        ...(more ? { nextCursor: cursorOf('search', next) } : {}),
        ...(report.fallback === undefined ? {} : { fallback: report.fallback }),
      });
    },
  };
}
