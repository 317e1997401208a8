// Whole byte arrays of Reeve's binary files: the checksum over a range that every file is checked
// with before it is used, and the host's byte order (typed arrays are file order on little-endian).

/**
 * A fast 32-bit checksum of `data[start, end)` that catches damaged and truncated files: it mixes
 * four bytes at a time, which matters when a warm start checks tens of MB. Not cryptographic;
 * nothing here defends against a crafted file, only against a broken one.
 */
export function checksum32(data: Uint8Array, start = 0, end = data.length): number {
  let h = 0x2545f491 ^ (end - start);
  let i = start;
  const aligned = (data.byteOffset + i) % 4 === 0;
  if (aligned) {
    const words = new Uint32Array(data.buffer, data.byteOffset + i, Math.floor((end - i) / 4));
    for (let w = 0; w < words.length; w++) {
      h = Math.imul(h ^ (words[w] as number), 0x9e3779b1);
      h ^= h >>> 15;
    }
    i += words.length * 4;
  }
  for (; i < end; i++) {
    h = Math.imul(h ^ (data[i] as number), 0x9e3779b1);
    h ^= h >>> 15;
  }
  return h >>> 0;
}

/** True on little-endian hosts (all that Obsidian runs on); typed arrays are then file order. */
export const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
