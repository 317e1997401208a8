// Growable byte writer and bounds-checked reader for Reeve's binary files (the keyword index's
// shards, the semantic store, the Node adapter's metadata cache): unsigned LEB128 varints,
// zigzag-signed varints, u32, float64, raw bytes, UTF-8 strings alone or in tables (the checksum
// over a range is in byte-arrays.ts). Every read checks its bounds, so a truncated or corrupted
// file ends in a CorruptDataError, never in garbage or a hang.
//
// A string table (`strings`) is a record's strings at once: their UTF-16 lengths, then all of them
// as one UTF-8 run, decoded with a single call and cut by length. Decoding a million small strings
// one call at a time costs several times more (the metadata cache holds that many link paths at
// 100k notes).

export class CorruptDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CorruptDataError';
  }
}

/**
 * A value the format cannot keep exactly: a lone surrogate (a stray byte kept by byte-text.ts),
 * which UTF-8 cannot carry, or a value the encoder does not know. The caller keeps it some other
 * way (the metadata cache parses such a note at every open instead).
 */
export class UnencodableError extends Error {}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });
const SURROGATE = /[\uD800-\uDFFF]/;
// No lookbehind: a regex literal with one stops main.js from loading on iOS before 16.4.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export class ByteWriter {
  private buf: Uint8Array;
  private view: DataView;
  length = 0;

  /** `capacity`: bytes to start with, where the caller knows about how many it will write. */
  constructor(capacity = 1 << 16) {
    this.buf = new Uint8Array(Math.max(16, Math.ceil(capacity)));
    this.view = new DataView(this.buf.buffer);
  }

  get capacity(): number {
    return this.buf.length;
  }

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

  /** A signed integer, zigzag-coded (deltas of positions may go backwards). */
  signed(v: number): void {
    this.varint(v >= 0 ? v * 2 : -v * 2 - 1);
  }

  /** Overwrites four bytes written earlier (a length known only after what it measures). */
  patchU32(at: number, v: number): void {
    this.view.setUint32(at, v >>> 0, true);
  }

  bytes(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }

  /** A table of strings: count, UTF-16 lengths, byte length, UTF-8 bytes; throws UnencodableError. */
  strings(list: readonly string[]): void {
    this.varint(list.length);
    for (const s of list) this.varint(s.length);
    const joined = list.join('');
    // UTF-8 would turn a lone surrogate into U+FFFD: such strings would come back changed.
    if (SURROGATE.test(joined) && list.some((s) => LONE_SURROGATE.test(s))) throw new UnencodableError('a string that is not well-formed UTF-16');
    // Encoded after room for the longest byte-length varint, then moved up behind the real one.
    this.ensure(5 + joined.length * 3);
    const at = this.length;
    const { written } = encoder.encodeInto(joined, this.buf.subarray(at + 5));
    this.varint(written);
    const head = this.length - at;
    if (head < 5) this.buf.copyWithin(at + head, at + 5, at + 5 + written);
    this.length += written;
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

  /** The bytes written so far (a view, not a copy: valid until the next write). */
  viewBytes(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
}

/** Decodes `buf[start, end)` as UTF-8 (a reader over a Node Buffer passes its `toString`, faster there). */
export type Utf8Decode = (buf: Uint8Array, start: number, end: number) => string;

const decodeFatal: Utf8Decode = (buf, start, end) => decoder.decode(buf.subarray(start, end));

export class ByteReader {
  private readonly view: DataView;
  pos = 0;

  constructor(
    readonly buf: Uint8Array,
    /** Reads stop here (e.g. before a trailing checksum). */
    public end: number = buf.length,
    private readonly utf8: Utf8Decode = decodeFatal,
  ) {
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  /** Moves the reader to `[start, end)` of its buffer (one reader serves many records). */
  at(start: number, end: number): this {
    this.pos = start;
    this.end = end;
    return this;
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

  signed(): number {
    const v = this.varint();
    return v % 2 === 0 ? v / 2 : -(v + 1) / 2;
  }

  /** Skips `n` bytes and returns where they started. */
  skip(n: number): number {
    this.need(n);
    const at = this.pos;
    this.pos += n;
    return at;
  }

  /** A view (not a copy) of the next `n` bytes. */
  bytes(n: number): Uint8Array {
    const at = this.skip(n);
    return this.buf.subarray(at, at + n);
  }

  private decode(start: number, end: number): string {
    try {
      return this.utf8(this.buf, start, end);
    } catch {
      throw new CorruptDataError(`invalid UTF-8 before byte ${end}`);
    }
  }

  string(): string {
    const n = this.varint();
    const at = this.skip(n);
    return this.decode(at, at + n);
  }

  /** A table of one string written by ByteWriter.strings (else CorruptDataError), without the table's array. */
  onlyString(): string {
    if (this.varint() !== 1) throw new CorruptDataError(`expected a table of one string before byte ${this.pos}`);
    const length = this.varint();
    const n = this.varint();
    const start = this.skip(n);
    const s = this.decode(start, start + n);
    if (s.length !== length) throw new CorruptDataError(`string at byte ${start} does not match its length`);
    return s;
  }

  /** A table written by ByteWriter.strings. */
  strings(): string[] {
    const count = this.varint();
    if (count > this.end - this.pos) throw new CorruptDataError(`string count ${count} exceeds the record at byte ${this.pos}`);
    const lengths = new Array<number>(count);
    let total = 0;
    for (let i = 0; i < count; i++) total += lengths[i] = this.varint();
    const n = this.varint();
    const start = this.skip(n);
    const joined = this.decode(start, start + n);
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
