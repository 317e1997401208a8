// What the organize agent is shown about the items the heuristics could not decide: one batch of
// at most 50 items per request, each a line or two (a file's tags, type, properties and first
// words; a folder's size and kinds of files) with the heuristics' candidates and scores. And, for
// the conflict pass, only the placements that conflict, with what is wrong with each.
import type { ChatMessage } from '../../llm/chat-types';
import type { FileRecord } from '../../../vault-vfs/file-record';
import type { AmbiguousItem } from '../heuristics/ambiguity';

export const PLACEMENT_SYSTEM = [
  'You file items in an Obsidian vault. Rules and heuristics have placed what they could; the items you get are the ones they could not decide.',
  'Each item is a file or a folder (a folder moves whole), listed with the heuristics\' candidate destinations and their scores (0 to 1, higher is surer).',
  'For each item answer "to": a destination folder as a vault path (usually one of its candidates, or a sensible new folder beside them),',
  '"stay" to leave it where it is, or "split" for a folder whose files should each go where the heuristics suggest.',
  'Reply with one JSON object and nothing else: {"placements":[{"id":1,"to":"Inbox/Recipes"},{"id":2,"to":"stay"}]}, one entry per item, ids as given.',
].join('\n');

export const CONFLICT_SYSTEM = [
  'You fix conflicts in a plan that files items in an Obsidian vault. Each conflicting placement is listed with what is wrong with it.',
  'Change as little as you can: for each, answer "to" with another destination folder (vault path) or "stay" to leave the item where it is.',
  'Reply with one JSON object and nothing else: {"fixes":[{"id":1,"to":"Inbox/Recipes 2024"}]}, one entry per conflict, ids as given.',
].join('\n');

function limits(folder: string, allowOutside: boolean): string {
  const where = folder === '' ? 'the vault' : `"${folder}"`;
  return allowOutside ? `Destinations may be anywhere in the vault except its config folder.` : `Destinations must be inside ${where}; anything else is refused.`;
}

function counts(values: readonly string[]): string {
  const map = new Map<string, number>();
  for (const v of values) map.set(v, (map.get(v) ?? 0) + 1);
  return [...map].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k, n]) => `${n} ${k}`).join(', ');
}

const clip = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** The first words of a note's body (frontmatter and markup dropped), for the model to go by. */
export async function openingWords(record: FileRecord, max = 160): Promise<string> {
  if (!record.readContent) return '';
  const text = await record.readContent();
  const body = text.startsWith('---') ? text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n?/u, '') : text;
  return clip(body.replace(/[#>*`[\]!|]+/gu, ' ').replace(/\s+/gu, ' ').trim(), max);
}

function fileFacts(record: FileRecord | undefined, words: string): string {
  if (!record) return '';
  const type = typeof record.frontmatter?.type === 'string' ? `type: ${record.frontmatter.type}` : '';
  const keys = Object.keys(record.frontmatter ?? {}).filter((k) => !['type', 'tags', 'tag'].includes(k)).slice(0, 6);
  return [
    type,
    record.tags.length > 0 ? `tags: ${record.tags.slice(0, 5).map((t) => `#${t}`).join(' ')}` : '',
    keys.length > 0 ? `properties: ${keys.join(', ')}` : '',
    record.links.length + record.backlinks.length > 0 ? `${record.links.length} links out, ${record.backlinks.length} in` : '',
    words ? `starts: "${words}"` : '',
  ].filter((s) => s !== '').join('; ');
}

function candidateText(item: AmbiguousItem): string {
  if (item.candidates.length === 0) return 'candidates: none';
  return `candidates: ${item.candidates.slice(0, 4).map((c) => `${c.signal === 'stay' ? 'stay' : c.folder || '(vault root)'} ${c.score.toFixed(2)} (${c.signal})`).join('; ')}`;
}

/** One item as the model reads it. */
export function itemText(id: number, item: AmbiguousItem, records: ReadonlyMap<string, FileRecord>, words: ReadonlyMap<string, string>): string {
  if (item.kind === 'folder') {
    const inside = [...records.values()].filter((r) => r.path.startsWith(item.path + '/'));
    const kinds = counts(inside.map((r) => r.ext || '(none)'));
    const names = inside.slice(0, 4).map((r) => r.path.slice(item.path.length + 1)).join(', ');
    return `${id}. folder ${item.path} (${item.files} files: ${kinds}; e.g. ${names}) - ${item.why}; ${candidateText(item)}`;
  }
  const facts = fileFacts(records.get(item.path), words.get(item.path) ?? '');
  return `${id}. file ${item.path}${facts ? ` (${facts})` : ''} - ${item.why}; ${candidateText(item)}`;
}

export interface BatchInfo {
  folder: string;
  allowOutside: boolean;
  /** 1-based. */
  index: number;
  batches: number;
  /** Folders that already exist in the organized folder (a capped list), so answers reuse them. */
  existingFolders: readonly string[];
}

export function batchMessages(info: BatchInfo, lines: readonly string[]): ChatMessage[] {
  const where = info.folder === '' ? 'the vault' : `"${info.folder}"`;
  const folders = info.existingFolders.length > 0 ? `Folders already there: ${info.existingFolders.join(', ')}.` : 'There are no subfolders yet.';
  return [
    { role: 'system', content: `${PLACEMENT_SYSTEM}\n${limits(info.folder, info.allowOutside)}` },
    { role: 'user', content: [`Organizing ${where}. ${folders}`, `Batch ${info.index} of ${info.batches}, ${lines.length} items:`, ...lines].join('\n') },
  ];
}

export interface ConflictLine {
  source: string;
  destination: string;
  detail: string;
}

export function conflictMessages(folder: string, allowOutside: boolean, conflicts: readonly ConflictLine[]): ChatMessage[] {
  const lines = conflicts.map((c, i) => `${i + 1}. ${c.source} -> ${c.destination}: ${c.detail}`);
  return [
    { role: 'system', content: `${CONFLICT_SYSTEM}\n${limits(folder, allowOutside)}` },
    { role: 'user', content: [`${conflicts.length} placement${conflicts.length === 1 ? '' : 's'} conflict:`, ...lines].join('\n') },
  ];
}
