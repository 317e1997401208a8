// `list_notes {folder?, cursor?}`: what is in a folder outside the walls, its subfolders first (with
// how many notes each holds, walled ones not counted), then its notes; a page at a time.
import { extOf } from '../../vault-vfs/path-safety';
import { MAX_PATH_CHARS, onlyKnown, stringArg } from '../mcp-args';
import { cursorOf, cursorPosition } from '../mcp-cursor';
import { vaultResult, type McpTool } from '../mcp-tool';
import { resolveFolder } from '../mcp-walls';
import { linesWithin, type ToolEnv } from '../tool-env';

const PAGE = 200;

interface Entry {
  path: string;
  kind: 'folder' | 'note';
  notes?: number;
}

export function listNotesTool(env: ToolEnv): McpTool {
  return {
    definition: {
      name: 'list_notes',
      title: 'List notes',
      description: 'Lists a folder (default: the top of the vault): its subfolders with the number of notes in each, then its notes, a page at a time (pass nextCursor as cursor for more).',
      inputSchema: {
        type: 'object',
        properties: {
          folder: { type: 'string', description: 'a folder\'s vault path, e.g. "Projects" (default: the top)', maxLength: MAX_PATH_CHARS },
          cursor: { type: 'string', description: 'nextCursor of the previous page' },
        },
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async run(args) {
      onlyKnown(args, ['folder', 'cursor']);
      const folder = await resolveFolder(env.view, env.hidden, stringArg(args, 'folder', MAX_PATH_CHARS));
      const offset = cursorPosition('list_notes', stringArg(args, 'cursor', 100), 0);
      const prefix = folder === '' ? '' : `${folder}/`;
      const folders = new Map<string, number>();
      const notes: Entry[] = [];
      for (const e of await env.view.list()) {
        if (!e.path.startsWith(prefix) || (e.kind === 'folder' ? env.hidden(`${e.path}/`) : env.hidden(e.path))) continue;
        const rest = e.path.slice(prefix.length);
        const slash = rest.indexOf('/');
        if (slash < 0) {
          if (e.kind === 'folder') folders.set(e.path, folders.get(e.path) ?? 0);
          else if (extOf(e.path) === 'md') notes.push({ path: e.path, kind: 'note' });
        } else if (e.kind === 'file' && extOf(e.path) === 'md') {
          const child = prefix + rest.slice(0, slash);
          folders.set(child, (folders.get(child) ?? 0) + 1);
        }
      }
      const byPath = (a: Entry, b: Entry): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
      const all: Entry[] = [...[...folders].map(([path, n]): Entry => ({ path, kind: 'folder', notes: n })).sort(byPath), ...notes.sort(byPath)];
      const page = all.slice(offset, offset + PAGE);
      const lines = page.map((e) => (e.kind === 'folder' ? `${e.path}/ (${e.notes ?? 0} notes)` : e.path));
      const shown = linesWithin(lines);
      const next = offset + shown;
      const more = next < all.length;
      const where = folder === '' ? 'the top of the vault' : folder;
      const head = all.length === 0 ? `${where} holds no notes.` : `In ${where} (${folders.size} folders, ${notes.length} notes):`;
      return vaultResult(`${head}${shown > 0 ? `\n${lines.slice(0, shown).join('\n')}` : ''}${more ? `\n(more: call list_notes again with cursor "${cursorOf('list_notes', next)}")` : ''}`, {
        folder,
        entries: page.slice(0, shown),
        ...(more ? { nextCursor: cursorOf('list_notes', next) } : {}),
      });
    },
  };
}
