// One embedding as the server sent it. Reeve asks OpenAI-compatible servers for float arrays (the
// form every one of them supports), but several ignore `encoding_format` either way (SGLang before
// mid-2026, Infinity, some TEI and LitServe versions), so both forms are read: an array of numbers,
// or base64 of little-endian float32s (the OpenAI API's `base64` form). Anything else is an error
// naming the vector, never a vector read from garbage.

import { LlmError } from './llm-error';

export function embeddingVector(embedding: unknown, index: number): number[] {
  if (Array.isArray(embedding)) {
    if (embedding.every((x): x is number => typeof x === 'number' && Number.isFinite(x))) return embedding;
    throw new LlmError('bad_response', `Embedding ${index} holds something other than numbers.`);
  }
  if (typeof embedding === 'string') return base64Floats(embedding, index);
  throw new LlmError('bad_response', `Embedding ${index} is neither a list of numbers nor base64.`);
}

function base64Floats(text: string, index: number): number[] {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    throw new LlmError('bad_response', `Embedding ${index} is a string but not base64.`);
  }
  if (binary.length % 4 !== 0) throw new LlmError('bad_response', `Embedding ${index} is ${binary.length} bytes, not a whole number of 32-bit floats.`);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const view = new DataView(bytes.buffer);
  const vector: number[] = [];
  for (let i = 0; i < bytes.length; i += 4) vector.push(view.getFloat32(i, true));
  return vector;
}
