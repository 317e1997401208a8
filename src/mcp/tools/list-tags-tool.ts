// `list_tags {}`: the tags of the notes outside the walls, most used first, each with how many of
// those notes carry it (a tag only walled notes carry is not there). Bounded to fit one result.
import { noteTags, TagCounter } from '../../search/retrieval/tag-counts';
import { onlyKnown } from '../mcp-args';
import { vaultResult, type McpTool } from '../mcp-tool';
import { visibleNotes } from '../mcp-walls';
import { linesWithin, type ToolEnv } from '../tool-env';

const MAX_TAGS = 1_000;

export function listTagsTool(env: ToolEnv): McpTool {
  return {
    definition: {
      name: 'list_tags',
      title: 'List tags',
      description: 'Lists the tags used in the notes, most used first, with the number of notes carrying each (nested tags count for their parents too).',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async run(args) {
      onlyKnown(args, []);
      const counter = new TagCounter();
      for (const path of await visibleNotes(env.view, env.hidden)) {
        const meta = env.view.metadata(path);
        if (meta !== null) counter.add(path, noteTags(meta));
      }
      const all = counter.list();
      const lines = all.slice(0, MAX_TAGS).map((t) => `#${t.tag} (${t.count})`);
      const shown = linesWithin(lines);
      const left = all.length - shown;
      return vaultResult(`${all.length === 0 ? 'No tags are used in the notes.' : `${all.length} tags, most used first:`}${shown > 0 ? `\n${lines.slice(0, shown).join('\n')}` : ''}${left > 0 ? `\n(${left} less used tags not shown)` : ''}`, {
        tags: all.slice(0, shown),
        ...(left > 0 ? { more: left } : {}),
      });
    },
  };
}
