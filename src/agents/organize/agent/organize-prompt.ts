// The organize agent's opening: what it is for, the rule language in brief, and a compact view of
// the undecided files (a capped tree with big homogeneous groups collapsed, counts by extension
// and the commonest tags and frontmatter types), never the files one by one.
import type { ChatMessage } from '../../llm/chat-types';
import type { FileRecord } from '../../../vault-vfs/file-record';
import { treeText } from '../../../vault-vfs/shadow/tree-text';
import type { VaultEntry } from '../../../vault-vfs/vault-port';

const SYSTEM = [
  'You organize files in an Obsidian vault. Rules and heuristics have already placed most files; you decide the rest.',
  'Write rules, not per-file moves: a rule is {"name", "if", "thenMoveTo"?, "thenRenameTo"?, "priority"?}.',
  'Conditions use fields file.name (no extension), file.ext, file.size, file.path, file.folder, file.modifiedAt, file.createdAt, file.tags, file.links, file.frontmatter.KEY, file.content;',
  'operators == != > < >= <=, IN [..], MATCHES "regex", AND OR NOT, parentheses; methods .contains() .startsWith() .endsWith(); vector_similarity("topic") > 0.3; sizes 10KB; dates 2024-01-31.',
  'thenMoveTo is relative to the folder being organized; rename patterns take {name} {ext} {date} {year} {month} {day} {parent} {fm.KEY}.',
  'Steps: look at the files (query_semantic_index), apply_organization_rules, check with preview_operations (include_unchanged shows the next 50 files no rule matched), fix refused items, then commit_plan with confirm: true.',
].join('\n');

/** What is refused, as the user's settings say (moves out of the folder may be allowed). */
function limits(allowOutside: boolean): string {
  const out = allowOutside ? 'A thenMoveTo starting with "/" is relative to the vault root (allowed by the user). ' : 'Moves out of the folder, ';
  return `${out}${allowOutside ? 'Moves' : 'moves'} into the config folder, over existing files and plans over the operation limit are refused; do not try to work around a refusal. Leave files you cannot place sensibly where they are.`;
}

function counts(values: readonly string[], top: number): string {
  const map = new Map<string, number>();
  for (const v of values) map.set(v, (map.get(v) ?? 0) + 1);
  return [...map].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, top).map(([k, n]) => `${k} ${n}`).join(', ');
}

export function undecidedListing(folder: string, undecided: readonly FileRecord[], maxChars = 6000): string {
  const entries: VaultEntry[] = undecided.map((r) => ({ kind: 'file', path: r.path, stat: { size: r.size, ctime: r.ctime, mtime: r.mtime } }));
  const folders = new Set<string>();
  for (const r of undecided) for (let f = r.folder; f !== '' && f !== folder && !folders.has(f); f = f.includes('/') ? f.slice(0, f.lastIndexOf('/')) : '') folders.add(f);
  for (const f of folders) entries.push({ kind: 'folder', path: f });
  const types = undecided.flatMap((r) => (typeof r.frontmatter?.type === 'string' ? [r.frontmatter.type] : []));
  return [
    `${undecided.length} undecided files in ${folder === '' ? 'the vault' : folder}; by extension: ${counts(undecided.map((r) => r.ext || '(none)'), 12)}.`,
    ...(types.length > 0 ? [`frontmatter types: ${counts(types, 10)}.`] : []),
    ...(undecided.some((r) => r.tags.length > 0) ? [`tags: ${counts(undecided.flatMap((r) => r.tags), 15)}.`] : []),
    'Tree (big groups collapsed):',
    treeText(entries, folder, { maxChars, filesPerType: 8 }),
  ].join('\n');
}

/** The edit actions, said only when the user enabled them for the agent. */
const EDITS = 'Rules may also set tags and properties on the notes they match (not attachments): "thenAddTags": ["meeting"], "thenRemoveTags": ["inbox"], "thenSetProperties": {"status": "processed"} (null removes a property); they take the rename placeholders. Each change is shown to the user to accept; use them only where the files clearly call for it.';

export function openingMessages(folder: string, undecided: readonly FileRecord[], allowOutside = false, ruleEdits = false): ChatMessage[] {
  const listing = undecidedListing(folder, undecided);
  return [
    { role: 'system', content: `${SYSTEM}\n${ruleEdits ? `${EDITS}\n` : ''}${limits(allowOutside)}` },
    {
      role: 'user',
      content: `Organize what is left undecided in ${folder === '' ? 'the vault' : `"${folder}"`}.\n\n${listing}`,
      summary: `Organize the ${undecided.length} undecided files in ${folder === '' ? 'the vault' : `"${folder}"`} (the listing was shown in the first turn; use preview_operations with include_unchanged to see files again).`,
    },
  ];
}
