// Loading and saving the semantic store in the plugin's folder (StateStore), beside the keyword
// index. A refused file (see store-codec.ts) is reported with its reason and the index starts
// empty; the next save replaces it. Saves are atomic (StateStore.write), so a crash mid-save
// leaves the previous file.

import type { TimeSlicer } from '../../vault-vfs/time-slicer';
import type { StateStore } from '../../vault-vfs/vault-port';
import { decodeStoreSteps, encodeStoreSteps, StoreRefusedError, type StoreIdentity } from './store-codec';
import { SemanticStore } from './semantic-store';
import { runSteps } from './store-steps';

export const SEMANTIC_FOLDER = 'semantic-index';
export const STORE_FILE = `${SEMANTIC_FOLDER}/store.bin`;

export interface StoreLoad {
  store: SemanticStore;
  /** Bytes read, 0 when there was no file. */
  bytes: number;
  /** Why the file on disk was not used, if it was not. */
  refused: string | null;
}

export async function loadStore(state: StateStore, id: StoreIdentity, slicer: TimeSlicer): Promise<StoreLoad> {
  slicer.pause();
  let bytes: Uint8Array | null;
  try {
    bytes = await state.readBinary(STORE_FILE);
  } catch (e) {
    slicer.resume();
    return { store: new SemanticStore(id.key), bytes: 0, refused: `unreadable: ${e instanceof Error ? e.message : String(e)}` };
  }
  slicer.resume();
  if (bytes === null) return { store: new SemanticStore(id.key), bytes: 0, refused: null };
  try {
    return { store: await runSteps(decodeStoreSteps(bytes, id), slicer), bytes: bytes.length, refused: null };
  } catch (e) {
    if (!(e instanceof StoreRefusedError)) throw e;
    return { store: new SemanticStore(id.key), bytes: bytes.length, refused: e.reason };
  }
}

/** Writes the store; returns its size in bytes. */
export async function saveStore(state: StateStore, store: SemanticStore, id: StoreIdentity, slicer: TimeSlicer): Promise<number> {
  const bytes = await runSteps(encodeStoreSteps(store, id), slicer);
  slicer.pause();
  try {
    await state.write(STORE_FILE, bytes);
  } finally {
    slicer.resume();
  }
  return bytes.length;
}
