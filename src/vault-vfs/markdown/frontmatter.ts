// YAML frontmatter: the block between a `---` first line and the next `---` line. Parsed with the
// `yaml` package (YAML 1.2 core schema, so dates stay strings as Obsidian shows them). Invalid
// YAML never throws: the note keeps parsing and the error is reported with its line and column.

import { isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { Node } from 'yaml';
import type { FrontmatterLinkRef, Pos } from '../metadata-types';
import { readSimpleYaml } from './simple-yaml';
import type { TextLines } from './text-lines';

export interface FrontmatterBlock {
  /** Offsets of the YAML source (the lines between the fences) in the note. */
  contentStart: number;
  contentEnd: number;
  /** Index of the closing `---` line. */
  endLine: number;
  position: Pos;
}

/** A frontmatter link together with where its `[[...]]` sits in the note, for rewriting. */
export interface LocatedFrontmatterLink extends FrontmatterLinkRef {
  /** Offset of `original` in the note, or null when the YAML source spells it with escapes. */
  offset: number | null;
  /** How the YAML scalar is quoted: text put inside it must be escaped to match. */
  quoting: 'plain' | 'single' | 'double' | 'block';
}

export interface ParsedFrontmatter {
  data: Record<string, unknown> | null;
  error: string | null;
  links: LocatedFrontmatterLink[];
}

/** A note's leading byte order mark: an encoding mark, not text, so frontmatter may follow it. */
export const BYTE_ORDER_MARK = '\uFEFF';

/** Where a note's text starts after its byte order mark (1 with one, else 0). */
export function afterByteOrderMark(text: string): number {
  return text.startsWith(BYTE_ORDER_MARK) ? 1 : 0;
}

function isFenceLine(text: string, lines: TextLines, line: number, from = lines.start(line)): boolean {
  return text.slice(from, lines.end(line)).trimEnd() === '---';
}

/**
 * Finds the frontmatter block; a `---` first line without a closing `---` is not frontmatter. A
 * byte order mark before the opening `---` is skipped. The YAML source ends before the line break
 * of its last line, `\r\n` included, so that no value of a CRLF note ends in `\r`.
 */
export function findFrontmatter(text: string, lines: TextLines): FrontmatterBlock | null {
  const from = afterByteOrderMark(text);
  if (!text.startsWith('---', from) || !isFenceLine(text, lines, 0, from)) return null;
  for (let line = 1; line < lines.count; line++) {
    if (isFenceLine(text, lines, line)) {
      const contentStart = lines.start(1);
      return {
        contentStart,
        contentEnd: line === 1 ? contentStart : lines.end(line - 1),
        endLine: line,
        position: lines.pos(0, lines.start(line) + 3),
      };
    }
  }
  return null;
}

/** `[[path#sub|alias]]` as a whole property value, as Obsidian recognises frontmatter links. */
function wikilinkValue(value: string): { link: string; displayText?: string } | null {
  if (!value.startsWith('[[') || !value.endsWith(']]') || value.length <= 4) return null;
  const inner = value.slice(2, -2);
  if (inner.includes(']]') || inner.includes('[[')) return null;
  const bar = inner.indexOf('|');
  if (bar === -1) return { link: inner };
  return { link: inner.slice(0, bar), displayText: inner.slice(bar + 1) };
}

const QUOTING: Record<string, LocatedFrontmatterLink['quoting']> = {
  PLAIN: 'plain',
  QUOTE_SINGLE: 'single',
  QUOTE_DOUBLE: 'double',
};

function collectLinks(node: unknown, key: string, source: string, base: number, out: LocatedFrontmatterLink[]): void {
  if (isMap(node)) {
    for (const pair of node.items) {
      const k = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      collectLinks(pair.value, key === '' ? k : `${key}.${k}`, source, base, out);
    }
  } else if (isSeq(node)) {
    node.items.forEach((item, i) => collectLinks(item, `${key}.${i}`, source, base, out));
  } else if (isScalar(node) && typeof node.value === 'string') {
    const parsed = wikilinkValue(node.value);
    if (!parsed) return;
    const range = (node as Node).range;
    const at = range ? source.indexOf(node.value, range[0]) : -1;
    const inside = range !== null && range !== undefined && at !== -1 && at + node.value.length <= range[1];
    out.push({
      key,
      link: parsed.link,
      original: node.value,
      ...(parsed.displayText !== undefined ? { displayText: parsed.displayText } : {}),
      offset: inside ? base + at : null,
      quoting: QUOTING[node.type ?? ''] ?? 'block',
    });
  }
}

/** Parses the YAML of a frontmatter block; never throws. Simple blocks take a fast path. */
export function parseFrontmatter(text: string, block: FrontmatterBlock): ParsedFrontmatter {
  const simple = readSimpleYaml(text.slice(block.contentStart, block.contentEnd));
  if (!simple || Object.keys(simple.data).length === 0) return parseYamlFrontmatter(text, block);
  const links: LocatedFrontmatterLink[] = [];
  for (const s of simple.strings) {
    const parsed = wikilinkValue(s.value);
    if (!parsed) continue;
    links.push({
      key: s.key,
      link: parsed.link,
      original: s.value,
      ...(parsed.displayText !== undefined ? { displayText: parsed.displayText } : {}),
      offset: block.contentStart + s.at,
      quoting: s.quoting,
    });
  }
  return { data: simple.data, error: null, links };
}

/** The same with the `yaml` package only (the reference the fast path is tested against). */
export function parseYamlFrontmatter(text: string, block: FrontmatterBlock): ParsedFrontmatter {
  const source = text.slice(block.contentStart, block.contentEnd);
  try {
    const doc = parseDocument(source, { prettyErrors: true });
    const first = doc.errors[0];
    if (first) {
      const where = first.linePos?.[0];
      // Note lines are 1-based in messages; the YAML starts on the note's second line.
      const at = where ? ` at line ${where.line + 1}, column ${where.col}` : '';
      const message = (first.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
      return { data: null, error: `invalid YAML frontmatter${at}: ${message}`, links: [] };
    }
    const value: unknown = doc.toJS({ maxAliasCount: 100 });
    if (value === null || value === undefined) return { data: null, error: null, links: [] };
    if (typeof value !== 'object' || Array.isArray(value)) {
      return { data: null, error: 'invalid YAML frontmatter: it must be a mapping of property names to values', links: [] };
    }
    const links: LocatedFrontmatterLink[] = [];
    collectLinks(doc.contents, '', source, block.contentStart, links);
    return { data: value as Record<string, unknown>, error: null, links };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { data: null, error: `invalid YAML frontmatter: ${message}`, links: [] };
  }
}

/**
 * Obsidian's parseFrontMatterStringArray: the values of every key matching `key` (any case), as a
 * list or as one string split on `split`; empty entries dropped.
 */
export function frontmatterStrings(frontmatter: Record<string, unknown> | null, key: RegExp, split: RegExp): string[] {
  if (!frontmatter) return [];
  const out: string[] = [];
  for (const [k, value] of Object.entries(frontmatter)) {
    if (!key.test(k)) continue;
    const items: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of items) {
      if (typeof item !== 'string' && typeof item !== 'number' && typeof item !== 'boolean') continue;
      const text = String(item);
      const parts = Array.isArray(value) ? [text] : text.split(split);
      for (const part of parts) {
        const trimmed = part.trim();
        if (trimmed !== '') out.push(trimmed);
      }
    }
  }
  return out;
}
