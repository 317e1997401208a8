// SHA-256 through Web Crypto (`crypto.subtle`), available in Obsidian and in Node 20 alike, so the
// journal written by the plugin and by the CLI agree on every hash. Text is hashed as the bytes it
// is written as (byte-text.ts), so a note's text hash is the hash of its file.

import { encodeText } from '../../vault-vfs/byte-text';

export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  const bytes = typeof data === 'string' ? encodeText(data) : data;
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
