// Notes that share a frontmatter `type`, or failing that a tag, go together: at least
// `minGroup` notes must share it, and a tag every note carries says nothing about any of them.
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
      out.push({ path: note.path, folder: pluralFolder(type), heuristic: 'frontmatter type', reason: `type: ${type}, shared by ${n} notes` });
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
    if (best) out.push({ path: note.path, folder: titleCase(best.tag.toLowerCase()), heuristic: 'shared tag', reason: `#${best.tag}, shared by ${best.n} notes` });
  }
  return out;
}
