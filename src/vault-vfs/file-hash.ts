// The SHA-256 of a file's bytes, streamed where the adapter can (`VaultPort.hashFile`: the Node
// adapter reads a slice at a time), so that hashing a file of any size holds one slice in memory,
// not the file (a 1 GB attachment read whole took 1.1 GB; one over 2 GiB could not be read at all).
// Elsewhere the file is read whole and hashed through Web Crypto. Same hex digest either way.
import type { VaultPort } from './vault-port';

export async function sha256Hex(data: Uint8Array | string): Promise<string> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function fileSha256(port: VaultPort, path: string): Promise<string> {
  return port.hashFile ? port.hashFile(path) : sha256Hex(await port.readBinary(path));
}
