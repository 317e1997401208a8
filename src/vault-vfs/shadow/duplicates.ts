// Files with identical content, found by SHA-256 (file-hash.ts: streamed where the adapter can, so
// two large files of one size are compared without holding either). Only files that share a size
// are hashed: most files are never read.
import type { VaultFileEntry } from '../vault-port';

export { sha256Hex } from '../file-hash';

/** Groups of two or more paths with the same content, each group sorted, groups by first path. */
export async function findDuplicates(files: readonly VaultFileEntry[], hashOf: (path: string) => Promise<string>): Promise<string[][]> {
  const bySize = new Map<number, string[]>();
  for (const f of files) {
    if (f.stat.size === 0) continue; // empty files are alike, not duplicates worth reporting
    const list = bySize.get(f.stat.size) ?? [];
    list.push(f.path);
    bySize.set(f.stat.size, list);
  }
  const groups: string[][] = [];
  for (const paths of bySize.values()) {
    if (paths.length < 2) continue;
    const byHash = new Map<string, string[]>();
    for (const p of paths) {
      const hash = await hashOf(p);
      byHash.set(hash, [...(byHash.get(hash) ?? []), p]);
    }
    for (const same of byHash.values()) if (same.length > 1) groups.push(same.sort());
  }
  return groups.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}
