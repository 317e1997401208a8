// The note a widget sits in, read fresh at click time; null when it is gone.
import type { VaultPort } from '../../vault-vfs/vault-port';

export async function readNote(port: VaultPort, note: string): Promise<string | null> {
  return (await port.exists(note)) ? port.read(note) : null;
}
