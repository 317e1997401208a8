// Work in bounded steps for the semantic store's codec. Each step handles at most STEP_BYTES bytes
// (copied, checksummed, parsed or loaded into the slab) and then yields how many it handled, so
// the caller can give the event loop back between steps and tests can check the bound by counting
// work rather than by the clock (which lies on a loaded machine).

import type { TimeSlicer } from '../../vault-vfs/time-slicer';

/** Most bytes of work between two yields: ~1 ms of copying or checksumming on a slow machine. */
export const STEP_BYTES = 256 * 1024;

/** A codec pass: yields the bytes of work done since its last yield, returns its result. */
export type Steps<T> = Generator<number, T>;

/** Runs steps to the end, counting each step's work and yielding whenever the slice is used up. */
export async function runSteps<T>(steps: Steps<T>, slicer: TimeSlicer): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
    slicer.work(next.value);
    await slicer.checkpoint();
  }
}

/** Copies `src` into `out` at `offset`, STEP_BYTES at a time. */
export function* copySteps(out: Uint8Array, src: Uint8Array, offset: number): Steps<void> {
  for (let i = 0; i < src.length; i += STEP_BYTES) {
    const end = Math.min(src.length, i + STEP_BYTES);
    out.set(src.subarray(i, end), offset + i);
    yield end - i;
  }
}

const mix = (h: number, v: number): number => {
  const m = Math.imul(h ^ v, 0x9e3779b1);
  return m ^ (m >>> 15);
};

/**
 * checksum32 of `data[start, end)`, STEP_BYTES at a time; the same value (the store's format is
 * unchanged), so it mirrors checksum32's word-then-byte order exactly.
 */
export function* checksumSteps(data: Uint8Array, start: number, end: number): Steps<number> {
  let h = 0x2545f491 ^ (end - start);
  let i = start;
  if ((data.byteOffset + i) % 4 === 0) {
    const words = new Uint32Array(data.buffer, data.byteOffset + i, Math.floor((end - i) / 4));
    const perStep = STEP_BYTES / 4;
    for (let w0 = 0; w0 < words.length; w0 += perStep) {
      const w1 = Math.min(words.length, w0 + perStep);
      for (let w = w0; w < w1; w++) h = mix(h, words[w] as number);
      yield (w1 - w0) * 4;
    }
    i += words.length * 4;
  }
  while (i < end) {
    const stop = Math.min(end, i + STEP_BYTES);
    const from = i;
    for (; i < stop; i++) h = mix(h, data[i] as number);
    yield stop - from;
  }
  return h >>> 0;
}
