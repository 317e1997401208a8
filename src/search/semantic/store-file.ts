// Loading and saving the semantic store in the plugin's folder (StateStore), beside the keyword
// index. A refused file (see store-codec.ts) is reported with its reason and the index starts
// empty; the next save replaces it. Saves are atomic (StateStore.write), so a crash mid-save
// leaves the previous file.
// A saved store of another model (the user changed the model or its dimensions, or is still
// typing its name) is not overwritten by the new build: that build is saved beside it, in
// NEXT_STORE_FILE, and replaces it only once it has finished (StoreSaver.promote), so a build
// stopped half-way, or a model changed back, finds the old index where it was.

import type { TimeSlicer } from '../../vault-vfs/time-slicer';
import type { StateStore } from '../../vault-vfs/vault-port';
import { decodeStoreSteps, encodeStoreSteps, readStoreKey, StoreRefusedError, type StoreIdentity } from './store-codec';
import type { EmbedderKey } from './types';
import { SemanticStore } from './semantic-store';
import { runSteps } from './store-steps';

export const SEMANTIC_FOLDER = 'semantic-index';
export const STORE_FILE = `${SEMANTIC_FOLDER}/store.bin`;
/** A build for another model than STORE_FILE's, until it has finished. */
export const NEXT_STORE_FILE = `${SEMANTIC_FOLDER}/store.next.bin`;

export interface StoreLoad {
  store: SemanticStore;
  /** Bytes read, 0 when there was no file. */
  bytes: number;
  /** Why the file on disk was not used, if it was not. */
  refused: string | null;
  /** Where saves go: STORE_FILE, or NEXT_STORE_FILE while STORE_FILE holds another model's index. */
  file: string;
}

const sameKey = (a: EmbedderKey, b: EmbedderKey): boolean => a.provider === b.provider && a.model === b.model && a.dimensions === b.dimensions;

async function decodeFile(state: StateStore, name: string, id: StoreIdentity, slicer: TimeSlicer): Promise<{ bytes: Uint8Array | null; store: SemanticStore | null; refused: string | null }> {
  slicer.pause();
  let bytes: Uint8Array | null;
  try {
    bytes = await state.readBinary(name);
  } catch (e) {
    return { bytes: null, store: null, refused: `unreadable: ${e instanceof Error ? e.message : String(e)}` };
  } finally {
    slicer.resume();
  }
  if (bytes === null) return { bytes: null, store: null, refused: null };
  try {
    return { bytes, store: await runSteps(decodeStoreSteps(bytes, id), slicer), refused: null };
  } catch (e) {
    if (!(e instanceof StoreRefusedError)) throw e;
    return { bytes, store: null, refused: e.reason };
  }
}

export async function loadStore(state: StateStore, id: StoreIdentity, slicer: TimeSlicer): Promise<StoreLoad> {
  const saved = await decodeFile(state, STORE_FILE, id, slicer);
  if (saved.store) return { store: saved.store, bytes: saved.bytes?.length ?? 0, refused: null, file: STORE_FILE };
  const other = saved.bytes === null ? null : readStoreKey(saved.bytes);
  if (other === null || sameKey(other, id.key)) {
    // No file, or a damaged or outdated one: nothing worth keeping, the next save replaces it.
    return { store: new SemanticStore(id.key), bytes: saved.bytes?.length ?? 0, refused: saved.refused, file: STORE_FILE };
  }
  // Another model's index: kept; this model's build resumes from its own file, if any.
  const next = await decodeFile(state, NEXT_STORE_FILE, id, slicer);
  const refused = `${saved.refused ?? 'written for another model'}; kept until the new index is built`;
  return { store: next.store ?? new SemanticStore(id.key), bytes: next.store ? (next.bytes?.length ?? 0) : 0, refused, file: NEXT_STORE_FILE };
}

/** Writes the store; returns its size in bytes. */
export async function saveStore(state: StateStore, store: SemanticStore, id: StoreIdentity, slicer: TimeSlicer, file = STORE_FILE): Promise<number> {
  const bytes = await runSteps(encodeStoreSteps(store, id), slicer);
  slicer.pause();
  try {
    await state.write(file, bytes);
  } finally {
    slicer.resume();
  }
  return bytes.length;
}
