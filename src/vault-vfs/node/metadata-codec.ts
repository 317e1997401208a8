// One note's metadata as bytes, and back: every field of NoteMetadata, so that a note decoded
// from the cache is deep-equal to the same note parsed again (tested with generated notes).
// Strings go to a table at the head of the record (each once); positions are delta-coded varints
// (a position is mostly a few small numbers after the previous one); sections stay packed both
// ways. Frontmatter values are the JSON-like values YAML gives; anything else (a value the
// encoder does not know) makes the note uncacheable, and it is simply parsed at every open.
import { forEachLinkpath } from '../link-watchers';
import type { Loc, NoteMetadata, Pos, SectionType } from '../metadata-types';
import { PackedSections, packedSectionsOf, withLazySections } from '../markdown/packed-sections';
import { type ByteReader, ByteWriter, CorruptDataError, UnencodableError } from '../../binary/bytes';

const SECTION_TYPES: readonly SectionType[] = ['yaml', 'heading', 'paragraph', 'list', 'code', 'blockquote', 'callout', 'table', 'thematicBreak', 'html', 'math', 'comment', 'footnoteDefinition'];
const SECTION_TYPE = new Map(SECTION_TYPES.map((t, i) => [t, i]));

/** Tags of frontmatter values. */
const Value = { Null: 0, False: 1, True: 2, Number: 3, String: 4, Array: 5, Object: 6 } as const;

const scratchBody = new ByteWriter();

/** Encodes into `out`; the body refers to strings by number, so it is written after the table. */
export function encodeMetadata(out: ByteWriter, meta: NoteMetadata): void {
  const ids = new Map<string, number>();
  const table: string[] = [];
  // Small non-negative integers as varints (numbers of frontmatter go to `floats`), straight into
  // a scratch writer kept between notes: an array of them per note was garbage of every open.
  const body = scratchBody;
  body.length = 0;
  const floats: number[] = [];
  const str = (s: string): void => {
    let id = ids.get(s);
    if (id === undefined) ids.set(s, (id = table.push(s) - 1));
    body.varint(id);
  };
  const optStr = (s: string | null | undefined): void => {
    if (s === undefined || s === null) body.varint(0);
    else {
      body.varint(1);
      str(s);
    }
  };
  let prevLine = 0;
  let prevOffset = 0;
  const zig = (v: number): number => (v >= 0 ? v * 2 : -v * 2 - 1);
  const positionNumbers = (sl: number, sc: number, so: number, el: number, ec: number, eo: number): void => {
    body.varint(zig(sl - prevLine));
    body.varint(sc);
    body.varint(zig(so - prevOffset));
    body.varint(zig(el - sl));
    body.varint(ec);
    body.varint(zig(eo - so));
    prevLine = el;
    prevOffset = eo;
  };
  const pos = (p: Pos): void => positionNumbers(p.start.line, p.start.col, p.start.offset, p.end.line, p.end.col, p.end.offset);
  const value = (v: unknown): void => {
    if (v === null) body.varint(Value.Null);
    else if (v === false || v === true) body.varint(v ? Value.True : Value.False);
    else if (typeof v === 'number') {
      body.varint(Value.Number);
      floats.push(v);
    } else if (typeof v === 'string') {
      body.varint(Value.String);
      str(v);
    } else if (Array.isArray(v)) {
      body.varint(Value.Array);
      body.varint(v.length);
      for (let i = 0; i < v.length; i++) {
        if (!(i in v)) throw new UnencodableError('sparse array');
        value(v[i]);
      }
    } else if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      const keys = Object.keys(v);
      body.varint(Value.Object);
      body.varint(keys.length);
      for (const k of keys) {
        str(k);
        value((v as Record<string, unknown>)[k]);
      }
    } else throw new UnencodableError(`frontmatter value of type ${typeof v}`);
  };

  for (const list of [meta.links, meta.embeds]) {
    body.varint(list.length);
    for (const l of list) {
      str(l.link);
      str(l.original);
      optStr(l.displayText);
      pos(l.position);
    }
  }
  body.varint(meta.frontmatterLinks.length);
  for (const l of meta.frontmatterLinks) {
    str(l.key);
    str(l.link);
    str(l.original);
    optStr(l.displayText);
  }
  body.varint(meta.headings.length);
  for (const h of meta.headings) {
    str(h.heading);
    body.varint(h.level);
    pos(h.position);
  }
  body.varint(meta.tags.length);
  for (const t of meta.tags) {
    str(t.tag);
    pos(t.position);
  }
  if (meta.frontmatter === null) body.varint(0);
  else {
    body.varint(1);
    value(meta.frontmatter);
  }
  body.varint(meta.frontmatterPosition ? 1 : 0);
  if (meta.frontmatterPosition) pos(meta.frontmatterPosition);
  optStr(meta.frontmatterError);
  const blocks = Object.entries(meta.blocks);
  body.varint(blocks.length);
  for (const [key, b] of blocks) {
    str(key);
    str(b.id);
    pos(b.position);
  }
  // Packed sections are read as numbers: unpacking them here would make the live note's objects.
  const packed = packedSectionsOf(meta);
  const eachSection = (visit: Parameters<PackedSections['forEach']>[0]): void => {
    if (packed) packed.forEach(visit);
    else for (const s of meta.sections) visit(s.type, s.position.start.line, s.position.start.col, s.position.start.offset, s.position.end.line, s.position.end.col, s.position.end.offset, s.id);
  };
  let sectionCount = 0;
  eachSection(() => sectionCount++);
  body.varint(sectionCount);
  eachSection((type, sl, sc, so, el, ec, eo, id) => {
    body.varint(SECTION_TYPE.get(type) ?? 0);
    positionNumbers(sl, sc, so, el, ec, eo);
    optStr(id);
  });

  out.strings(table);
  out.varint(floats.length);
  for (const f of floats) out.f64(f);
  out.bytes(body.viewBytes());
}

/** Decodes a record written by encodeMetadata; throws CorruptDataError on anything inconsistent. */
export function decodeMetadata(r: ByteReader): NoteMetadata {
  const table = r.strings();
  const floats = new Array<number>(r.varint());
  for (let i = 0; i < floats.length; i++) floats[i] = r.f64();
  let nextFloat = 0;
  const count = (): number => {
    const n = r.varint();
    if (n > r.end - r.pos + 1) throw new CorruptDataError(`count ${n} exceeds the record at byte ${r.pos}`);
    return n;
  };
  const str = (): string => {
    const s = table[r.varint()];
    if (s === undefined) throw new CorruptDataError(`string number out of range at byte ${r.pos}`);
    return s;
  };
  const optStr = (): string | undefined => (r.varint() === 0 ? undefined : str());
  let prevLine = 0;
  let prevOffset = 0;
  const loc = (line: number, col: number, offset: number): Loc => ({ line, col, offset });
  const numbers = (): [number, number, number, number, number, number] => {
    const sl = prevLine + r.signed();
    const sc = r.varint();
    const so = prevOffset + r.signed();
    const el = sl + r.signed();
    const ec = r.varint();
    const eo = so + r.signed();
    prevLine = el;
    prevOffset = eo;
    return [sl, sc, so, el, ec, eo];
  };
  const pos = (): Pos => {
    const [sl, sc, so, el, ec, eo] = numbers();
    return { start: loc(sl, sc, so), end: loc(el, ec, eo) };
  };
  const value = (depth: number): unknown => {
    if (depth > 1000) throw new CorruptDataError('frontmatter nested too deeply');
    const tag = r.varint();
    switch (tag) {
      case Value.Null:
        return null;
      case Value.False:
        return false;
      case Value.True:
        return true;
      case Value.Number: {
        if (nextFloat >= floats.length) throw new CorruptDataError('frontmatter number out of range');
        return floats[nextFloat++];
      }
      case Value.String:
        return str();
      case Value.Array:
        return Array.from({ length: count() }, () => value(depth + 1));
      case Value.Object: {
        const obj: Record<string, unknown> = {};
        for (let n = count(); n > 0; n--) {
          const key = str();
          // defineProperty: a key named `__proto__` is an own property, as YAML made it.
          Object.defineProperty(obj, key, { value: value(depth + 1), writable: true, enumerable: true, configurable: true });
        }
        return obj;
      }
      default:
        throw new CorruptDataError(`unknown frontmatter value tag ${tag}`);
    }
  };
  const linkList = (): NoteMetadata['links'] =>
    Array.from({ length: count() }, () => {
      const link = str();
      const original = str();
      const displayText = optStr();
      const position = pos();
      return displayText === undefined ? { link, original, position } : { link, original, displayText, position };
    });

  const links = linkList();
  const embeds = linkList();
  const frontmatterLinks: NoteMetadata['frontmatterLinks'] = Array.from({ length: count() }, () => {
    const key = str();
    const link = str();
    const original = str();
    const displayText = optStr();
    return displayText === undefined ? { key, link, original } : { key, link, original, displayText };
  });
  const headings: NoteMetadata['headings'] = Array.from({ length: count() }, () => {
    const heading = str();
    const level = r.varint();
    return { heading, level, position: pos() };
  });
  const tags: NoteMetadata['tags'] = Array.from({ length: count() }, () => {
    const tag = str();
    return { tag, position: pos() };
  });
  const frontmatter = r.varint() === 0 ? null : (value(0) as Record<string, unknown>);
  const frontmatterPosition = r.varint() === 0 ? null : pos();
  const frontmatterError = optStr() ?? null;
  const blocks: NoteMetadata['blocks'] = {};
  for (let n = count(); n > 0; n--) {
    const key = str();
    const id = str();
    Object.defineProperty(blocks, key, { value: { id, position: pos() }, writable: true, enumerable: true, configurable: true });
  }
  const sections = new PackedSections();
  for (let n = count(); n > 0; n--) {
    const type = SECTION_TYPES[r.varint()];
    if (type === undefined) throw new CorruptDataError(`unknown section type at byte ${r.pos}`);
    const [sl, sc, so, el, ec, eo] = numbers();
    sections.addAt(type, sl, sc, so, el, ec, eo, optStr());
  }
  if (r.pos !== r.end) throw new CorruptDataError(`metadata record ends at byte ${r.pos}, expected ${r.end}`);
  return withLazySections({ links, embeds, frontmatterLinks, headings, tags, frontmatter, frontmatterPosition, frontmatterError, blocks }, sections);
}

/** A note's link paths (links, embeds, frontmatter links; subpaths cut), as forEachLinkpath visits them. */
export function linkpathsOf(meta: NoteMetadata): string[] {
  const out: string[] = [];
  forEachLinkpath(meta, (linkpath) => out.push(linkpath));
  return out;
}
