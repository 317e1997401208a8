// SHA-256 as the journal records it, the same in Obsidian and in Node, so the journal written by
// the plugin and by the CLI agree on every hash. Text is hashed as the bytes it is written as
// (byte-text.ts), so a note's text hash is the hash of its file.
//
// Where Node is there (the CLI, the tests, Obsidian on desktop) node:crypto hashes synchronously:
// a Web Crypto digest is a round trip through the thread pool, queued behind the file syncs of a
// job (a 1,000-note move job hashes 6,000 times: 1.4 s quiet, 6.7 s on a busy machine). Elsewhere
// (Obsidian on mobile) Web Crypto, `crypto.subtle`, does it. Nothing is imported from Node: the
// module is asked for only where the runtime has it.
import { encodeText, isWellFormedText } from '../../vault-vfs/byte-text';

interface NodeHashing {
  createHash(algorithm: 'sha256'): { update(data: Uint8Array | string, encoding?: 'utf8'): { digest(encoding: 'hex'): string } };
}

const nodeHashing = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.('node:crypto') as NodeHashing | undefined;

/** SHA-256 through Web Crypto only (what a runtime without Node does). */
export async function webCryptoSha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  // Text without escaped bytes is hashed as Node encodes it, UTF-8, with no copy made first.
  if (nodeHashing && typeof data === 'string' && isWellFormedText(data)) return nodeHashing.createHash('sha256').update(data, 'utf8').digest('hex');
  const bytes = typeof data === 'string' ? encodeText(data) : data;
  if (nodeHashing) return nodeHashing.createHash('sha256').update(bytes).digest('hex');
  return webCryptoSha256Hex(bytes);
}

/**
 * The hash of each note's last text, per note: in a job of moves, the text a step leaves in a
 * note (hashed for its done record) is the text the next step touching the note records, and is
 * not hashed again. A different text is hashed (and remembered) as usual.
 */
export class NoteTextHashes {
  private readonly last = new Map<string, { text: string; hash: string }>();

  async of(path: string, text: string): Promise<string> {
    const seen = this.last.get(path);
    if (seen !== undefined && seen.text === text) return seen.hash;
    const hash = await sha256Hex(text);
    this.last.set(path, { text, hash });
    return hash;
  }
}
