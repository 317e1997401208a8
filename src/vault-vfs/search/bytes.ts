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

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (IEEE) of `data[start, end)`. */
export function crc32(data: Uint8Array, start = 0, end = data.length): number {
  const table = CRC_TABLE;
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = (table[(c ^ (data[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
