// Files with identical content, found by SHA-256 through Web Crypto (so it runs in Obsidian and
// Node alike). Only files that share a size are hashed: most files are never read.
import type { VaultFileEntry } from '../vault-port';

export async function sha256Hex(data: Uint8Array | string): Promise<string> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Groups of two or more paths with the same content, each group sorted, groups by first path. */
export async function findDuplicates(files: readonly VaultFileEntry[], readBinary: (path: string) => Promise<Uint8Array>): Promise<string[][]> {
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
      const hash = await sha256Hex(await readBinary(p));
      byHash.set(hash, [...(byHash.get(hash) ?? []), p]);
    }
    for (const same of byHash.values()) if (same.length > 1) groups.push(same.sort());
  }
  return groups.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}
