// `read_note {path, cursor?}`: a note's text with line numbers (the numbers propose_edits takes),
// each pending block shown as one marked unit, a window at a time. The note is remembered as read
// by this client: with the context scope, the notes a client read are the ones it may edit.
import { noteWindow, type NoteWindow } from '../../agents/pipeline/numbered-note';
import { MAX_PATH_CHARS, onlyKnown, stringArg } from '../mcp-args';
import { cursorOf, cursorPosition } from '../mcp-cursor';
import { McpToolRefusal, vaultResult, type McpTool } from '../mcp-tool';
import { noteNotFound, resolveNote } from '../mcp-walls';
import { RESULT_CHARS, type ToolEnv } from '../tool-env';

/** A window whose numbered text fits the result: the numbers add to each line, so a window that came out too long is taken again, smaller. */
function numberedWindow(text: string, from: number): NoteWindow {
  let budget = RESULT_CHARS - 500;
  let w = noteWindow(text, from, budget);
  for (let i = 0; i < 6 && w.body.length > RESULT_CHARS - 500 && w.lastLine > w.firstLine; i++) {
    budget = Math.floor((budget * (RESULT_CHARS - 500)) / w.body.length) - 100;
    w = noteWindow(text, from, budget);
  }
  return w;
}

export function readNoteTool(env: ToolEnv): McpTool {
  return {
    definition: {
      name: 'read_note',
      title: 'Read a note',
      description:
        'Reads a note as numbered lines ("12| text"); a pending block (a proposal waiting for the user) is one marked unit ("12-16| [pending edit …]") that cannot be edited. A long note comes in parts: pass nextCursor as cursor for the rest.',
      inputSchema: {
        type: 'object',
        properties: {
          path: { type: 'string', description: 'the note\'s vault path, e.g. "Projects/Solar.md" (".md" may be left off)', maxLength: MAX_PATH_CHARS },
          cursor: { type: 'string', description: 'nextCursor of the previous part' },
        },
        required: ['path'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async run(args, context) {
      onlyKnown(args, ['path', 'cursor']);
      const raw = stringArg(args, 'path', MAX_PATH_CHARS, true);
      const path = await resolveNote(env.view, env.hidden, raw);
      const text = await env.view.read(path).catch(() => {
        throw noteNotFound(raw);
      });
      const from = cursorPosition('read_note', stringArg(args, 'cursor', 100), 1);
      const w = numberedWindow(text, from);
      if (from > 1 && from > w.lines) throw new McpToolRefusal(`"cursor" is past the end of ${path} (${w.lines} lines)`);
      env.clients.of(context.clientName).noteRead(path);
      const more = w.lastLine < w.lines;
      const next = cursorOf('read_note', w.lastLine + 1);
      const part = w.firstLine > 1 || more ? `\n(lines ${w.firstLine}-${w.lastLine} of ${w.lines}${more ? `; call read_note with cursor "${next}" for the rest` : ''})` : '';
      return vaultResult(`<note path=${JSON.stringify(path)} lines="${w.lines}">\n${w.body}\n</note>${part}`, {
        path,
        lines: w.lines,
        firstLine: w.firstLine,
        lastLine: w.lastLine,
        ...(more ? { nextCursor: next } : {}),
      });
    },
  };
}
