// Notes that share a frontmatter `type`, or failing that a tag, go together: at least
// `minGroup` notes must share it, and a tag every note carries says nothing about any of them.
// A note with neither joins the group whose notes carry a property it has (`servings:` like the
// #recipe notes, `source:` like the clippings), when at least two of the notes with that property
// are grouped and at least 80% of them go to one folder; properties every kind of note has
// (dates, aliases, titles) say nothing and are not used.
import type { FileRecord } from '../../../vault-vfs/file-record';
import { type HeuristicProposal, pluralFolder, titleCase } from './proposal';

function typeOf(record: FileRecord): string | null {
  const type = record.frontmatter?.type;
  return typeof type === 'string' && type.trim() !== '' ? type.trim().toLowerCase() : null;
}

function countBy<T>(items: readonly T[], keys: (item: T) => Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) for (const k of new Set(keys(item))) counts.set(k, (counts.get(k) ?? 0) + 1);
  return counts;
}

export function sharedGroups(records: readonly FileRecord[], minGroup = 3): HeuristicProposal[] {
  const notes = records.filter((r) => r.ext === 'md');
  const out: HeuristicProposal[] = [];
  const typeCounts = countBy(notes, (r) => {
    const t = typeOf(r);
    return t ? [t] : [];
  });
  const untyped: FileRecord[] = [];
  for (const note of notes) {
    const type = typeOf(note);
    const n = type ? (typeCounts.get(type) ?? 0) : 0;
    if (type && n >= minGroup) {
      out.push({ path: note.path, folder: pluralFolder(type), heuristic: 'frontmatter type', reason: `type: ${type}, shared by ${n} notes`, kind: { by: 'type', value: type } });
    } else untyped.push(note);
  }
  const tagCounts = countBy(untyped, (r) => r.tags.map((t) => t.toLowerCase()));
  for (const note of untyped) {
    let best: { tag: string; n: number } | null = null;
    for (const tag of note.tags) {
      const n = tagCounts.get(tag.toLowerCase()) ?? 0;
      if (n < minGroup || n >= untyped.length) continue;
      if (!best || n > best.n || (n === best.n && tag.toLowerCase() < best.tag.toLowerCase())) best = { tag, n };
    }
    if (best) out.push({ path: note.path, folder: titleCase(best.tag.toLowerCase()), heuristic: 'shared tag', reason: `#${best.tag}, shared by ${best.n} notes`, kind: { by: 'tag', value: best.tag.toLowerCase() } });
  }
  return [...out, ...sharedProperties(notes, out)];
}

const GENERIC = /^(?:tags?|type|aliases|alias|cssclass(?:es)?|title|date|created|updated|modified|publish|permalink|description)$/iu;
const PURITY = 0.8;

function sharedProperties(notes: readonly FileRecord[], grouped: readonly HeuristicProposal[]): HeuristicProposal[] {
  const folderOf = new Map(grouped.map((p) => [p.path, p.folder]));
  const byKey = new Map<string, Map<string, number>>();
  for (const note of notes) {
    const folder = folderOf.get(note.path);
    if (folder === undefined) continue;
    for (const key of Object.keys(note.frontmatter ?? {})) {
      if (GENERIC.test(key)) continue;
      const row = byKey.get(key.toLowerCase()) ?? new Map<string, number>();
      row.set(folder, (row.get(folder) ?? 0) + 1);
      byKey.set(key.toLowerCase(), row);
    }
  }
  const out: HeuristicProposal[] = [];
  for (const note of notes) {
    if (folderOf.has(note.path)) continue;
    let best: { key: string; folder: string; n: number; share: number } | null = null;
    for (const key of Object.keys(note.frontmatter ?? {})) {
      const row = byKey.get(key.toLowerCase());
      if (!row) continue;
      const total = [...row.values()].reduce((a, b) => a + b, 0);
      const [folder, n] = [...row].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0] ?? ['', 0];
      const share = n / total;
      if (n < 2 || share < PURITY) continue;
      if (!best || share > best.share || (share === best.share && n > best.n)) best = { key, folder, n, share };
    }
    if (best) out.push({ path: note.path, folder: best.folder, heuristic: 'shared property', reason: `has \`${best.key}:\` like ${best.n} notes filed in ${best.folder}` });
  }
  return out;
}
