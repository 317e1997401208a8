// `related {path, depth?, direction?, cursor?}`: the notes linked to or from a note, breadth-first
// to depth 1-3, nearest first; the walk neither lists nor passes through a walled note.
import type { LinkDirection } from '../../search/retrieval/link-walk';
import { enumArg, intArg, MAX_PATH_CHARS, onlyKnown, stringArg } from '../mcp-args';
import { cursorOf, cursorPosition } from '../mcp-cursor';
import { vaultResult, type McpTool } from '../mcp-tool';
import { resolveNote } from '../mcp-walls';
import { linesWithin, type ToolEnv } from '../tool-env';

const PAGE = 100;
/** Notes a walk lists at most, over all its pages. */
const MAX_WALK = 2_000;

export function relatedTool(env: ToolEnv): McpTool {
  return {
    definition: {
      name: 'related',
      title: 'Related notes',
      description: 'Lists the notes linked to or from a note (direction out: its links; in: its backlinks; both), following links up to depth 1-3, nearest first, each with the note it was reached from.',
      inputSchema: {
        type: 'object',
        properties: {
          path: { type: 'string', description: 'the note\'s vault path', maxLength: MAX_PATH_CHARS },
          depth: { type: 'integer', minimum: 1, maximum: 3, description: 'links to follow (default 1)' },
          direction: { type: 'string', enum: ['in', 'out', 'both'], description: 'default both' },
          cursor: { type: 'string', description: 'nextCursor of the previous page' },
        },
        required: ['path'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async run(args) {
      onlyKnown(args, ['path', 'depth', 'direction', 'cursor']);
      const path = await resolveNote(env.view, env.hidden, stringArg(args, 'path', MAX_PATH_CHARS, true));
      const depth = intArg(args, 'depth', 1, 3, 1);
      const direction = enumArg<LinkDirection>(args, 'direction', ['in', 'out', 'both'], 'both');
      const offset = cursorPosition('related', stringArg(args, 'cursor', 100), 0);
      const walk = await env.deps.retrieval.related(path, { depth, direction, exclude: env.deps.walls, limit: MAX_WALK });
      const all = walk.items.filter((r) => r.depth > 0 && !env.hidden(r.path) && !env.hidden(r.from));
      const page = all.slice(offset, offset + PAGE);
      const lines = page.map((r) => `- ${r.path} (depth ${r.depth}, from ${r.from})`);
      const shown = linesWithin(lines);
      const next = offset + shown;
      const more = next < all.length;
      const head = all.length === 0 ? `No notes are linked ${direction === 'out' ? 'from' : direction === 'in' ? 'to' : 'to or from'} ${path} within ${depth} link${depth > 1 ? 's' : ''}.` : `Notes within ${depth} link${depth > 1 ? 's' : ''} of ${path} (${direction}):`;
      return vaultResult(`${head}${shown > 0 ? `\n${lines.slice(0, shown).join('\n')}` : ''}${more ? `\n(more: call related again with cursor "${cursorOf('related', next)}")` : ''}`, {
        path,
        related: page.slice(0, shown).map((r) => ({ path: r.path, depth: r.depth, from: r.from })),
        ...(more ? { nextCursor: cursorOf('related', next) } : {}),
      });
    },
  };
}
