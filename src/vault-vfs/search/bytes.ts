// Growable byte writer and bounds-checked reader for the shard format: unsigned LEB128 varints,
// float64, raw bytes, UTF-8 strings and a CRC-32 over a range. Every read checks its bounds, so
// a truncated or corrupted file ends in a CorruptDataError, never in garbage or a hang.

export class CorruptDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CorruptDataError';
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export class ByteWriter {
  private buf = new Uint8Array(1 << 16);
  private view = new DataView(this.buf.buffer);
  length = 0;

  private ensure(extra: number): void {
    const need = this.length + extra;
    if (need <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < need) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  u32(v: number): void {
    this.ensure(4);
    this.view.setUint32(this.length, v >>> 0, true);
    this.length += 4;
  }

  f64(v: number): void {
    this.ensure(8);
    this.view.setFloat64(this.length, v, true);
    this.length += 8;
  }

  varint(v: number): void {
    if (!Number.isInteger(v) || v < 0 || v > 0xffffffff) throw new RangeError(`varint out of range: ${v}`);
    this.ensure(5);
    while (v >= 0x80) {
      this.buf[this.length++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.buf[this.length++] = v;
  }

  bytes(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }

  /** A length-prefixed UTF-8 string. */
  string(s: string): void {
    const b = encoder.encode(s);
    this.varint(b.length);
    this.bytes(b);
  }

  result(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

export class ByteReader {
  private readonly view: DataView;
  pos = 0;

  constructor(
    private readonly buf: Uint8Array,
    /** Reads stop here (e.g. before a trailing checksum). */
    readonly end: number = buf.length,
  ) {
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  private need(n: number): void {
    if (this.pos + n > this.end) throw new CorruptDataError(`truncated at byte ${this.pos} (needs ${n} more)`);
  }

  u32(): number {
    this.need(4);
    const v = this.view.getUint32(this.pos, true);
    this.pos += 4;
    return v;
  }

  f64(): number {
    this.need(8);
    const v = this.view.getFloat64(this.pos, true);
    this.pos += 8;
    return v;
  }

  varint(): number {
    let v = 0;
    let shift = 0;
    for (;;) {
      if (this.pos >= this.end) throw new CorruptDataError(`truncated varint at byte ${this.pos}`);
      const b = this.buf[this.pos++] as number;
      v += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) break;
      shift += 7;
      if (shift > 28) throw new CorruptDataError(`varint too long at byte ${this.pos}`);
    }
    if (v > 0xffffffff) throw new CorruptDataError(`varint out of range at byte ${this.pos}`);
    return v;
  }

  /** A view (not a copy) of the next `n` bytes. */
  bytes(n: number): Uint8Array {
    this.need(n);
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  string(): string {
    const n = this.varint();
    try {
      return decoder.decode(this.bytes(n));
    } catch (e) {
      if (e instanceof CorruptDataError) throw e;
      throw new CorruptDataError(`invalid UTF-8 before byte ${this.pos}`);
    }
  }
}

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

/** Bytes of `values` as little-endian unsigned integers of `width` bytes (1, 2 or 4). */
export function packUints(values: Uint32Array, width: 1 | 2 | 4): Uint8Array {
  if (width === 1) return new Uint8Array(values);
  if (LITTLE_ENDIAN) return new Uint8Array((width === 2 ? new Uint16Array(values) : values.slice()).buffer);
  const out = new Uint8Array(values.length * width);
  const view = new DataView(out.buffer);
  values.forEach((v, k) => (width === 2 ? view.setUint16(k * 2, v, true) : view.setUint32(k * 4, v, true)));
  return out;
}

/** The inverse of `packUints`. */
export function unpackUints(bytes: Uint8Array, width: 1 | 2 | 4): Uint32Array {
  if (width === 1) return new Uint32Array(bytes);
  const copy = bytes.slice(); // aligned, and ours to view
  if (LITTLE_ENDIAN) return width === 2 ? new Uint32Array(new Uint16Array(copy.buffer)) : new Uint32Array(copy.buffer);
  const view = new DataView(copy.buffer);
  const out = new Uint32Array(copy.length / width);
  for (let k = 0; k < out.length; k++) out[k] = width === 2 ? view.getUint16(k * 2, true) : view.getUint32(k * 4, true);
  return out;
}
