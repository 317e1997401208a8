// The edit actions of a rule: `thenAddTags`, `thenRemoveTags` and `thenSetProperties`. Tags and
// property texts are patterns with the rename placeholders; they are checked once when the rules
// are validated (naming the rule and the field) and expanded per note when a plan is made.

import type { FileRecord } from '../vault-vfs/file-record';
import { expandPattern, parsePattern, type PatternPart } from './rename-pattern';

/** A property value as a rule gives it: a text pattern, or a literal; null removes the property. */
export type PropertyValue = { pattern: PatternPart[]; source: string } | { literal: number | boolean | null };

export interface RuleEdits {
  addTags: { parts: PatternPart[]; source: string }[];
  removeTags: { parts: PatternPart[]; source: string }[];
  setProperties: { key: string; value: PropertyValue }[];
}

/** What a rule's edits are for one note, placeholders filled in. */
export interface ExpandedEdits {
  addTags: string[];
  removeTags: string[];
  /** Property key -> value; null removes the property. */
  setProperties: Record<string, string | number | boolean | null>;
}

export type EditExpansion = { ok: true; edits: ExpandedEdits } | { ok: false; reason: string };

export const EDIT_KEYS = ['thenAddTags', 'thenRemoveTags', 'thenSetProperties'] as const;

/** Keys Obsidian gives a meaning of their own; a rule edits tags with the tag actions. */
const TAG_KEYS = new Set(['tags', 'tag']);

// Characters a tag cannot hold (Obsidian ends a tag at any of them).
// eslint-disable-next-line no-control-regex -- control characters cannot be part of a tag
const TAG_BREAKERS = /[\s,.:;!?"'`()[\]{}<>|\\#^*=+&%$@~\u0000-\u001f]/u;

type Fail = (message: string) => never;

function tagList(fail: Fail, field: string, value: unknown): { parts: PatternPart[]; source: string }[] {
  if (!Array.isArray(value)) fail(`"${field}" must be a list of tags, such as ["meeting", "project/{fm.project}"]`);
  return value.map((tag: unknown, i) => {
    if (typeof tag !== 'string') fail(`"${field}" item ${i + 1} must be a text (a tag)`);
    const source = tag.trim().replace(/^#/u, '');
    if (source === '') fail(`"${field}" item ${i + 1} is empty`);
    const parsed = parsePattern(source);
    if (!parsed.ok) fail(`"${field}" item ${i + 1} "${tag}": ${parsed.reason}`);
    for (const part of parsed.parts) {
      if ('text' in part && TAG_BREAKERS.test(part.text)) {
        fail(`"${field}" item ${i + 1} "${tag}" holds a character a tag cannot (spaces and punctuation other than - _ /)`);
      }
    }
    return { parts: parsed.parts, source };
  });
}

function propertyMap(fail: Fail, value: unknown): RuleEdits['setProperties'] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail('"thenSetProperties" must be an object of property names and values, such as {"status": "processed"}');
  }
  return Object.entries(value as Record<string, unknown>).map(([key, v]) => {
    if (key.trim() === '' || key !== key.trim()) fail(`"thenSetProperties" has a property name "${key}" that is empty or starts or ends with a space`);
    if (TAG_KEYS.has(key.toLowerCase())) fail(`"thenSetProperties" sets "${key}"; change tags with "thenAddTags" and "thenRemoveTags"`);
    if (typeof v === 'string') {
      const parsed = parsePattern(v);
      if (!parsed.ok) fail(`"thenSetProperties" "${key}": ${parsed.reason}`);
      return { key, value: { pattern: parsed.parts, source: v } };
    }
    if (v === null || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) return { key, value: { literal: v } };
    return fail(`"thenSetProperties" "${key}" must be a text, a number, true, false or null (null removes the property)`);
  });
}

/** The rule's edit actions, validated; null when it has none. `fail` throws with the rule named. */
export function ruleEditsOf(obj: Record<string, unknown>, fail: Fail): RuleEdits | null {
  if (EDIT_KEYS.every((k) => obj[k] === undefined)) return null;
  const edits: RuleEdits = {
    addTags: obj.thenAddTags === undefined ? [] : tagList(fail, 'thenAddTags', obj.thenAddTags),
    removeTags: obj.thenRemoveTags === undefined ? [] : tagList(fail, 'thenRemoveTags', obj.thenRemoveTags),
    setProperties: obj.thenSetProperties === undefined ? [] : propertyMap(fail, obj.thenSetProperties),
  };
  const removed = new Set(edits.removeTags.map((t) => t.source.toLowerCase()));
  const both = edits.addTags.find((t) => removed.has(t.source.toLowerCase()));
  if (both !== undefined) fail(`"${both.source}" is both in "thenAddTags" and "thenRemoveTags"`);
  if (edits.addTags.length + edits.removeTags.length + edits.setProperties.length === 0) {
    fail('the edit actions are all empty; give at least one tag or property');
  }
  return edits;
}

function expandTag(field: string, tag: { parts: PatternPart[]; source: string }, record: FileRecord): string | { reason: string } {
  // A placeholder's value may hold spaces ("Acme Corp"); a tag cannot, so they become dashes.
  const text = expandPattern(tag.parts, record).trim().replace(/\s+/gu, '-').replace(/^#/u, '');
  if (text === '' || TAG_BREAKERS.test(text) || /^\d+$/u.test(text) || text.split('/').some((s) => s === '')) {
    return { reason: `"${field}" "${tag.source}" gives "${text}" for ${record.path}, which is not a tag` };
  }
  return text;
}

/** The rule's edits for one note, or why a placeholder leaves one of them without a legal value. */
export function expandEdits(edits: RuleEdits, record: FileRecord): EditExpansion {
  const out: ExpandedEdits = { addTags: [], removeTags: [], setProperties: {} };
  for (const [field, list, into] of [['thenAddTags', edits.addTags, out.addTags], ['thenRemoveTags', edits.removeTags, out.removeTags]] as const) {
    for (const tag of list) {
      const text = expandTag(field, tag, record);
      if (typeof text !== 'string') return { ok: false, reason: text.reason };
      if (!into.some((t) => t.toLowerCase() === text.toLowerCase())) into.push(text);
    }
  }
  for (const { key, value } of edits.setProperties) {
    out.setProperties[key] = 'literal' in value ? value.literal : expandPattern(value.pattern, record);
  }
  return { ok: true, edits: out };
}
