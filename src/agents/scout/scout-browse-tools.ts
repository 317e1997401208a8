// Scout's tools for reading and walking the vault: a note's text, its links (one step or up to
// three), folders with previews, every note's name (paginated: never all of a 100k vault at
// once), a folder's or a tag's notes, and the tags with counts. The walls hold in each: a walled
// note is neither read, listed nor counted.

import * as v from 'valibot';
import { closestStrings } from '../../edits/text/similar-text';
import { defineTool, type Tool } from '../tools/tool';
import { noteWindow } from '../pipeline/numbered-note';
import { completeLines, LIMITS } from '../tools/argument-limits';
import type { LinkDirection } from '../../search/retrieval/link-walk';
import { plural, stepResult, type ScoutDeps } from './scout-deps';

/** Characters of a note `fetch_note` returns at most (about 3,000 tokens). */
const FETCH_CHARS = 12_000;
const PREVIEW_CHARS = 160;
const direction = v.optional(v.picklist(['in', 'out', 'both']));
const pathField = v.pipe(v.string(), v.minLength(1), v.maxLength(LIMITS.path));
const folderField = v.optional(v.pipe(v.string(), v.maxLength(LIMITS.path)));
const limitField = v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(200)));

function more(n: number): string {
  return n > 0 ? `\n… and ${n} more` : '';
}

/** The note's path as the vault has it, or a refusal naming the nearest paths. */
async function notePath(deps: ScoutDeps, raw: string): Promise<{ ok: true; path: string } | { ok: false; message: string }> {
  const path = raw.replace(/^\/+/, '').replace(/^\[\[|\]\]$/g, '');
  const candidates = path.endsWith('.md') ? [path] : [path, `${path}.md`];
  for (const p of candidates) {
    if (deps.wall(p)) return { ok: false, message: `"${p}" is in an excluded folder; it cannot be read.` };
    if (p.endsWith('.md') && (await deps.vault.stat(p)) !== null) return { ok: true, path: p };
  }
  const near = closestStrings(path, await notePaths(deps));
  return { ok: false, message: `There is no note "${path}".${near.length > 0 ? ` The closest paths are: ${near.join(', ')}.` : ''}` };
}

/** Every note outside the walls, by path. */
export async function notePaths(deps: ScoutDeps): Promise<string[]> {
  return (await deps.vault.list())
    .filter((e) => e.kind === 'file' && e.path.toLowerCase().endsWith('.md') && !deps.wall(e.path))
    .map((e) => e.path)
    .sort();
}

/** A folder's subfolders (with their note counts) and notes, walls left out. */
export async function folderListing(deps: ScoutDeps, folder: string, limit: number): Promise<{ folders: { path: string; count: number }[]; notes: string[]; more: number }> {
  const r = await deps.retrieval.listFolder(folder, 10_000, deps.excluded);
  const entries = r.items.filter((e) => !deps.wall(e.kind === 'folder' ? `${e.path}/` : e.path) && (e.kind === 'folder' || e.path.toLowerCase().endsWith('.md')));
  const kept = entries.slice(0, limit);
  return {
    folders: kept.filter((e) => e.kind === 'folder').map((e) => ({ path: e.path, count: e.count ?? 0 })),
    notes: kept.filter((e) => e.kind === 'file').map((e) => e.path),
    more: entries.length - kept.length + r.more,
  };
}

async function preview(deps: ScoutDeps, path: string): Promise<string> {
  const meta = deps.vault.metadata(path);
  const description = meta?.frontmatter?.description;
  if (typeof description === 'string') return description.slice(0, PREVIEW_CHARS);
  const text = await deps.vault.read(path);
  const body = text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n?/, '').replace(/\s+/g, ' ').trim();
  return body.slice(0, PREVIEW_CHARS);
}

export function scoutBrowseTools(deps: ScoutDeps): Tool[] {
  const fetchNote = defineTool({
    name: 'fetch_note',
    description: 'Reads a note, with line numbers. A long note comes a part at a time: fromLine reads on from that line.',
    input: v.object({ path: pathField, fromLine: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))) }),
    async run({ path: raw, fromLine }) {
      const found = await notePath(deps, raw);
      if (!found.ok) return stepResult(found.message, 'not found');
      const w = noteWindow(await deps.vault.read(found.path), fromLine ?? 1, FETCH_CHARS);
      const part = w.firstLine > 1 || w.lastLine < w.lines;
      const more = w.lastLine < w.lines ? `; call fetch_note with {"path": ${JSON.stringify(found.path)}, "fromLine": ${w.lastLine + 1}} for the rest` : '';
      const head = `<note path=${JSON.stringify(found.path)} lines="${w.lines}">`;
      return stepResult(`${head}\n${w.body}\n</note>${part ? `\n(lines ${w.firstLine}-${w.lastLine} of ${w.lines} shown${more})` : ''}`, `read [[${found.path}]]`);
    },
    rest({ path }, shown, whole) {
      const lines = completeLines(shown, whole);
      const last = lines.map((l) => /^\s*(\d+)(?:-(\d+))?\| /.exec(l)).filter((m) => m !== null).at(-1);
      const from = last ? Number(last[2] ?? last[1]) + 1 : 1;
      return `Call fetch_note with {"path": ${JSON.stringify(path)}, "fromLine": ${from}} (by itself) to read on from line ${from}.`;
    },
  });

  const walk = async (raw: string, depth: number, dir: LinkDirection | undefined): Promise<{ content: string; data: { summary: string } }> => {
    const found = await notePath(deps, raw);
    if (!found.ok) return stepResult(found.message, 'not found');
    const r = await deps.retrieval.related(found.path, { depth, direction: dir ?? 'both', limit: 100, exclude: deps.excluded });
    const items = r.items.filter((l) => l.depth > 0 && !deps.wall(l.path));
    for (const l of items) deps.selection.saw(l.path, { kind: 'link', detail: `${l.depth} link${l.depth > 1 ? 's' : ''} from [[${l.from}]]` });
    const lines = items.map((l) => `- ${l.path} (depth ${l.depth}, from ${l.from})`);
    const what = depth === 1 ? `linked notes of ${found.path}` : `notes within ${depth} links of ${found.path}`;
    return stepResult(items.length === 0 ? `No ${what} (${dir ?? 'both'} directions).` : `${plural(items.length, 'note')}: ${what}\n${lines.join('\n')}${more(r.more)}`, plural(items.length + r.more, 'note'));
  };
  const getLinks = defineTool({
    name: 'get_links',
    description: 'Lists the notes a note links to (out), the notes linking to it (in), or both.',
    input: v.object({ path: pathField, direction }),
    run: ({ path, direction: dir }) => walk(path, 1, dir),
  });
  const getLinksRecursive = defineTool({
    name: 'get_links_recursive',
    description: 'Follows links breadth-first from a note, 1 to 3 steps deep; each note found says its depth and the note it was reached from.',
    input: v.object({ path: pathField, depth: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(3)), direction }),
    run: ({ path, depth, direction: dir }) => walk(path, depth, dir),
  });

  const listNotes = defineTool({
    name: 'list_notes',
    description: 'Lists the notes in a folder (the whole vault when no folder is given), with a short preview of each.',
    input: v.object({ folder: folderField, limit: limitField }),
    async run({ folder, limit }) {
      const f = (folder ?? '').replace(/^\/+|\/+$/g, '');
      if (f !== '' && deps.wall(`${f}/`)) return stepResult(`"${f}" is an excluded folder.`, 'excluded');
      const listing = await folderListing(deps, f, limit ?? 30);
      const lines: string[] = [];
      for (const p of listing.notes) {
        deps.selection.saw(p, { kind: 'folder', detail: `in ${f || 'the vault root'}` });
        lines.push(`- ${p}: ${await preview(deps, p)}`);
      }
      for (const sub of listing.folders) lines.push(`- ${sub.path}/ (${plural(sub.count, 'note')})`);
      return stepResult(lines.length === 0 ? `No notes in "${f || '/'}".` : `${f || 'Vault root'}:\n${lines.join('\n')}${more(listing.more)}`, plural(listing.notes.length, 'note'));
    },
  });

  const viewAll = defineTool({
    name: 'view_all_notes',
    description: 'Lists every note by name with its aliases or description, a page at a time (offset, limit).',
    input: v.object({ offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))), limit: limitField }),
    async run({ offset, limit }) {
      const from = offset ?? 0;
      const all = await notePaths(deps);
      const page = all.slice(from, from + (limit ?? 100));
      const lines = page.map((p) => {
        const fm = deps.vault.metadata(p)?.frontmatter ?? null;
        const aliases = Array.isArray(fm?.aliases) ? fm.aliases.filter((a): a is string => typeof a === 'string') : typeof fm?.aliases === 'string' ? [fm.aliases] : [];
        const description = typeof fm?.description === 'string' ? fm.description.slice(0, PREVIEW_CHARS) : '';
        return `- ${p}${aliases.length > 0 ? ` (aliases: ${aliases.join(', ')})` : ''}${description ? `: ${description}` : ''}`;
      });
      const rest = all.length - from - page.length;
      const next = rest > 0 ? `\n${rest} more; call again with offset ${from + page.length}.` : '';
      return stepResult(page.length === 0 ? `No notes from offset ${from} (there are ${all.length}).` : `Notes ${from + 1}-${from + page.length} of ${all.length}:\n${lines.join('\n')}${next}`, plural(page.length, 'note'));
    },
    rest({ offset }, shown, whole) {
      const listed = completeLines(shown, whole).filter((l) => l.startsWith('- ')).length;
      return `Call view_all_notes with {"offset": ${(offset ?? 0) + listed}} (by itself, or with a smaller limit) for the notes after the last one shown.`;
    },
  });

  const explore = defineTool({
    name: 'explore_vault',
    description: "Shows a folder's subfolders and notes with counts ({folder}), or the notes with a tag ({tag}, nested tags included).",
    input: v.object({ folder: folderField, tag: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(LIMITS.tag))) }),
    async run(args) {
      if (args.tag !== undefined) {
        const tag = args.tag.replace(/^#/, '');
        const r = await deps.retrieval.notesWithTag(tag, 50, deps.excluded);
        for (const p of r.items) deps.selection.saw(p, { kind: 'tag', detail: `tagged #${tag}` });
        return stepResult(r.items.length === 0 ? `No notes tagged #${tag}.` : `Notes tagged #${tag}:\n${r.items.map((p) => `- ${p}`).join('\n')}${more(r.more)}`, plural(r.items.length, 'note'));
      }
      const f = (args.folder ?? '').replace(/^\/+|\/+$/g, '');
      if (f !== '' && deps.wall(`${f}/`)) return stepResult(`"${f}" is an excluded folder.`, 'excluded');
      const listing = await folderListing(deps, f, 50);
      const lines = [...listing.folders.map((sub) => `- ${sub.path}/ (${plural(sub.count, 'note')})`), ...listing.notes.map((p) => `- ${p}`)];
      return stepResult(`${f || 'Vault root'}:\n${lines.join('\n') || '(empty)'}${more(listing.more)}`, `${plural(listing.folders.length, 'folder')}, ${plural(listing.notes.length, 'note')}`);
    },
  });

  const tags = defineTool({
    name: 'list_all_tags',
    description: "Lists the vault's tags with how many notes carry each (nested tags roll up into their parents).",
    input: v.object({}),
    async run() {
      const r = await deps.retrieval.tags(200, deps.excluded);
      return stepResult(r.items.length === 0 ? 'The vault has no tags.' : `${r.items.map((t) => `#${t.tag} (${t.count})`).join(', ')}${more(r.more)}`, plural(r.items.length + r.more, 'tag'));
    },
  });

  return [fetchNote, getLinks, getLinksRecursive, listNotes, viewAll, explore, tags];
}
