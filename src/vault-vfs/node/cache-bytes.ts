// Byte primitives of the metadata cache file: a growable writer and a bounds-checked reader over
// a Node Buffer. Strings travel in tables, one per record: their UTF-16 lengths, then all of them
// as one UTF-8 run, decoded with a single `toString` and cut by length. Decoding a million small
// strings one TextDecoder call at a time costs several times more (the cache holds that many
// link paths at 100k notes).
import { CorruptDataError } from '../search/bytes';

export { CorruptDataError };

/** A value the cache cannot keep exactly; the note it belongs to is parsed at every open instead. */
export class UncacheableError extends Error {}

const SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export class CacheWriter {
  private buf = Buffer.allocUnsafe(1 << 16);
  length = 0;

  private ensure(extra: number): void {
    const need = this.length + extra;
    if (need <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < need) cap *= 2;
    const next = Buffer.allocUnsafe(cap);
    this.buf.copy(next, 0, 0, this.length);
    this.buf = next;
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

  /** A signed integer, zigzag-coded (deltas of positions may go backwards). */
  signed(v: number): void {
    this.varint(v >= 0 ? v * 2 : -v * 2 - 1);
  }

  f64(v: number): void {
    this.ensure(8);
    this.buf.writeDoubleLE(v, this.length);
    this.length += 8;
  }

  u32(v: number): void {
    this.ensure(4);
    this.buf.writeUInt32LE(v >>> 0, this.length);
    this.length += 4;
  }

  /** Overwrites four bytes written earlier (a length known only after what it measures). */
  patchU32(at: number, v: number): void {
    this.buf.writeUInt32LE(v >>> 0, at);
  }

  bytes(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }

  /** A table of strings: count, UTF-16 lengths, byte length, UTF-8 bytes. */
  strings(list: readonly string[]): void {
    this.varint(list.length);
    for (const s of list) this.varint(s.length);
    const joined = list.join('');
    // A note that is not valid UTF-8 keeps its stray bytes as lone surrogates (byte-text.ts),
    // which UTF-8 cannot carry: such strings would come back changed.
    if (SURROGATE.test(joined) && list.some((s) => LONE_SURROGATE.test(s))) throw new UncacheableError('a string that is not well-formed UTF-16');
    const n = Buffer.byteLength(joined, 'utf8');
    this.varint(n);
    this.ensure(n);
    this.buf.write(joined, this.length, 'utf8');
    this.length += n;
  }

  /** The bytes written so far (a view: valid until the next write). */
  view(): Buffer {
    return this.buf.subarray(0, this.length);
  }
}

export class CacheReader {
  constructor(
    readonly buf: Buffer,
    public pos: number,
    readonly end: number,
  ) {}

  private need(n: number): void {
    if (this.pos + n > this.end) throw new CorruptDataError(`truncated at byte ${this.pos} (needs ${n} more)`);
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

  signed(): number {
    const v = this.varint();
    return v % 2 === 0 ? v / 2 : -(v + 1) / 2;
  }

  f64(): number {
    this.need(8);
    const v = this.buf.readDoubleLE(this.pos);
    this.pos += 8;
    return v;
  }

  u32(): number {
    this.need(4);
    const v = this.buf.readUInt32LE(this.pos);
    this.pos += 4;
    return v;
  }

  /** Skips `n` bytes and returns where they started. */
  skip(n: number): number {
    this.need(n);
    const at = this.pos;
    this.pos += n;
    return at;
  }

  /** A table written by CacheWriter.strings. */
  strings(): string[] {
    const count = this.varint();
    if (count > this.end - this.pos) throw new CorruptDataError(`string count ${count} exceeds the record at byte ${this.pos}`);
    const lengths = new Array<number>(count);
    let total = 0;
    for (let i = 0; i < count; i++) total += lengths[i] = this.varint();
    const n = this.varint();
    const start = this.skip(n);
    const joined = this.buf.toString('utf8', start, start + n);
    if (joined.length !== total) throw new CorruptDataError(`string table at byte ${start} does not match its lengths`);
    const out = new Array<string>(count);
    for (let i = 0, at = 0; i < count; i++) {
      const len = lengths[i] as number;
      out[i] = joined.slice(at, at + len);
      at += len;
    }
    return out;
  }
}
