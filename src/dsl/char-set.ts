// Sets of Unicode code points as sorted, merged ranges: what a regular expression's part can
// match, so the safety check can ask "can these two parts match the same character?".

const MAX = 0x10ffff;
type Range = readonly [number, number];

function normalize(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

const SPACE: Range[] = [
  [9, 13],
  [32, 32],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];

export class CharSet {
  private constructor(readonly ranges: readonly Range[]) {}

  static none(): CharSet {
    return new CharSet([]);
  }
  static all(): CharSet {
    return new CharSet([[0, MAX]]);
  }
  static of(cp: number): CharSet {
    return new CharSet([[cp, cp]]);
  }
  static range(lo: number, hi: number): CharSet {
    return new CharSet(lo <= hi ? [[lo, hi]] : []);
  }
  static digit(): CharSet {
    return new CharSet([[48, 57]]);
  }
  static word(): CharSet {
    return new CharSet(normalize([[48, 57], [65, 90], [95, 95], [97, 122]]));
  }
  static space(): CharSet {
    return new CharSet(SPACE);
  }
  /** `.` without the `s` flag: anything but line terminators. */
  static dot(): CharSet {
    return new CharSet(normalize([[10, 10], [13, 13], [0x2028, 0x2029]])).complement();
  }

  union(other: CharSet): CharSet {
    return new CharSet(normalize([...this.ranges, ...other.ranges]));
  }

  complement(): CharSet {
    const out: Range[] = [];
    let next = 0;
    for (const [lo, hi] of this.ranges) {
      if (lo > next) out.push([next, lo - 1]);
      next = hi + 1;
    }
    if (next <= MAX) out.push([next, MAX]);
    return new CharSet(out);
  }

  intersects(other: CharSet): boolean {
    let i = 0;
    let j = 0;
    while (i < this.ranges.length && j < other.ranges.length) {
      const a = this.ranges[i];
      const b = other.ranges[j];
      if (!a || !b) break;
      if (a[1] < b[0]) i++;
      else if (b[1] < a[0]) j++;
      else return true;
    }
    return false;
  }

  isEmpty(): boolean {
    return this.ranges.length === 0;
  }

  singleCodePoint(): number | null {
    const only = this.ranges.length === 1 ? this.ranges[0] : undefined;
    return only && only[0] === only[1] ? only[0] : null;
  }

  /**
   * Adds the other case of every letter, as the `i` flag matches them. Exact for small ranges;
   * wide ranges already overlap almost everything, so they are left as they are.
   */
  caseFolded(): CharSet {
    const extra: Range[] = [];
    for (const [lo, hi] of this.ranges) {
      if (hi - lo > 512) continue;
      for (let cp = lo; cp <= hi; cp++) {
        const c = String.fromCodePoint(cp);
        for (const v of [c.toLowerCase(), c.toUpperCase()]) {
          const vcp = v.length > 0 && [...v].length === 1 ? (v.codePointAt(0) ?? cp) : cp;
          if (vcp !== cp) extra.push([vcp, vcp]);
        }
      }
    }
    return extra.length === 0 ? this : new CharSet(normalize([...this.ranges, ...extra]));
  }
}
