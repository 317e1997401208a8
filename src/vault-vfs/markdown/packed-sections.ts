// A note's sections, packed. Sections are the bulk of what a note's metadata holds (about 55 per
// note in a typical vault, each with a position of two locations: four objects), yet only
// Obsidian-parity callers read them. So the parser keeps seven numbers per section and makes the
// objects the first time `sections` is read: a vault of 100k notes holds a few megabytes of
// numbers instead of millions of small objects for the garbage collector to walk.
import type { Loc, NoteMetadata, SectionRef, SectionType } from '../metadata-types';
import type { TextLines } from './text-lines';

const TYPES: readonly SectionType[] = ['yaml', 'heading', 'paragraph', 'list', 'code', 'blockquote', 'callout', 'table', 'thematicBreak', 'html', 'math', 'comment', 'footnoteDefinition'];
const TYPE_INDEX = new Map(TYPES.map((t, i) => [t, i]));
/** type, start line / col / offset, end line / col / offset. */
const FIELDS = 7;

export class PackedSections {
  // A plain array of small integers: as compact as a typed array in V8 (pointer compression),
  // and far cheaper to allocate ten thousand times.
  private data: number[] = [];
  private count = 0;
  private ids: Map<number, string> | null = null;

  add(type: SectionType, start: Loc, end: Loc, id: string | undefined): void {
    this.addAt(type, start.line, start.col, start.offset, end.line, end.col, end.offset, id);
  }

  /** A section of whole lines `first..last` (to the end of the last line's content). */
  addLines(type: SectionType, first: number, last: number, lines: TextLines, id: string | undefined): void {
    const end = lines.end(last);
    this.addAt(type, first, 0, lines.start(first), last, end - lines.start(last), end, id);
  }

  /** A section from its seven numbers (the metadata cache's decoder). */
  addAt(type: SectionType, startLine: number, startCol: number, startOffset: number, endLine: number, endCol: number, endOffset: number, id: string | undefined): void {
    this.data.push(TYPE_INDEX.get(type) ?? 0, startLine, startCol, startOffset, endLine, endCol, endOffset);
    if (id !== undefined) (this.ids ??= new Map()).set(this.count, id);
    this.count++;
  }

  /** Drops the array's spare capacity once every section is in (it grows by half as it fills). */
  seal(): this {
    this.data = this.data.slice();
    return this;
  }

  /**
   * A copy with the sections that end at or after offset `from` moved by `col` and `offset` (the
   * change of a location's column and offset); those before are copied as they are. How a link
   * rewrite's metadata gets its sections (shifted-metadata.ts): one copy of the numbers, where
   * adding them back one section at a time made a job of 1,000 moves allocate 0.7 GB.
   */
  shifted(from: number, col: (line: number, offset: number) => number, offset: (offset: number) => number): PackedSections {
    const out = new PackedSections();
    const d = this.data.slice(0, this.count * FIELDS);
    for (let at = 0; at < d.length; at += FIELDS) {
      const eo = d[at + 6] as number;
      if (eo < from) continue;
      const so = d[at + 3] as number;
      d[at + 2] = (d[at + 2] as number) + col(d[at + 1] as number, so);
      d[at + 3] = so + offset(so);
      d[at + 5] = (d[at + 5] as number) + col(d[at + 4] as number, eo);
      d[at + 6] = eo + offset(eo);
    }
    out.data = d;
    out.count = this.count;
    // Ids are only added while the sections are built, never after: the copy may share them.
    out.ids = this.ids;
    return out;
  }

  /** Each section's numbers, without making objects (the metadata cache's encoder). */
  forEach(visit: (type: SectionType, startLine: number, startCol: number, startOffset: number, endLine: number, endCol: number, endOffset: number, id: string | undefined) => void): void {
    const d = this.data;
    for (let i = 0, at = 0; i < this.count; i++, at += FIELDS) {
      visit(TYPES[d[at] ?? 0] ?? 'paragraph', d[at + 1] ?? 0, d[at + 2] ?? 0, d[at + 3] ?? 0, d[at + 4] ?? 0, d[at + 5] ?? 0, d[at + 6] ?? 0, this.ids?.get(i));
    }
  }

  unpack(): SectionRef[] {
    const out: SectionRef[] = new Array<SectionRef>(this.count);
    const d = this.data;
    for (let i = 0, at = 0; i < this.count; i++, at += FIELDS) {
      const section: SectionRef = {
        type: TYPES[d[at] ?? 0] ?? 'paragraph',
        position: {
          start: { line: d[at + 1] ?? 0, col: d[at + 2] ?? 0, offset: d[at + 3] ?? 0 },
          end: { line: d[at + 4] ?? 0, col: d[at + 5] ?? 0, offset: d[at + 6] ?? 0 },
        },
      };
      const id = this.ids?.get(i);
      if (id !== undefined) section.id = id;
      out[i] = section;
    }
    return out;
  }
}

const packedOf = new WeakMap<object, PackedSections>();

/** Reads settle the value as a plain property; one shared descriptor keeps V8's objects fast. */
const LAZY_SECTIONS: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: NoteMetadata): SectionRef[] {
    return settle(this, packedOf.get(this)?.unpack() ?? []);
  },
  set(this: NoteMetadata, value: SectionRef[]): void {
    settle(this, value);
  },
};

/** The packed sections of `meta` while they are not yet unpacked, else null. */
export function packedSectionsOf(meta: NoteMetadata): PackedSections | null {
  return packedOf.get(meta) ?? null;
}

function settle(meta: NoteMetadata, value: SectionRef[]): SectionRef[] {
  packedOf.delete(meta);
  Object.defineProperty(meta, 'sections', { value, writable: true, enumerable: true, configurable: true });
  return value;
}

/**
 * Gives `meta` a `sections` property that unpacks `packed` when first read (then it is a plain
 * value). It is own and enumerable, so spreading, JSON, structured cloning and deep equality see it.
 */
export function withLazySections(meta: Omit<NoteMetadata, 'sections'>, packed: PackedSections): NoteMetadata {
  packedOf.set(meta, packed.seal());
  return Object.defineProperty(meta, 'sections', LAZY_SECTIONS) as NoteMetadata;
}
