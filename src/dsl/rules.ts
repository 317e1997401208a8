// Rules as users and the organize agent write them: {name, if, thenMoveTo?, thenRenameTo?,
// thenAddTags?, thenRemoveTags?, thenSetProperties?, priority?}. Validation compiles each condition and pattern once and names the rule and the
// field in every error, so a bad rules file says exactly what to fix.

import { compileExpression, type CompiledExpression } from './compile';
import { DslError, RuleValidationError } from './errors';
import { parsePattern, type PatternPart } from './rename-pattern';
import { EDIT_KEYS, ruleEditsOf, type RuleEdits } from './rule-edits';
import { didYouMean } from './suggest';

export interface RuleSpec {
  name: string;
  if: string;
  thenMoveTo?: string;
  thenRenameTo?: string;
  thenAddTags?: string[];
  thenRemoveTags?: string[];
  thenSetProperties?: Record<string, string | number | boolean | null>;
  priority?: number;
}

export interface MoveTarget {
  /** Written with a leading `/`: relative to the vault root, not the organized folder. */
  fromRoot: boolean;
  /** Folder segments, each a pattern. */
  segments: PatternPart[][];
  source: string;
}

export interface CompiledRule {
  name: string;
  /** Position in the list as given, for stable ordering among equal priorities. */
  index: number;
  priority: number;
  condition: CompiledExpression;
  moveTo: MoveTarget | null;
  renameTo: { parts: PatternPart[]; source: string } | null;
  /** Tags and properties the rule sets on the notes it matches; null when it edits nothing. */
  edits: RuleEdits | null;
  spec: RuleSpec;
}

const KEYS = ['name', 'if', 'thenMoveTo', 'thenRenameTo', ...EDIT_KEYS, 'priority'];

function fail(label: string, message: string): never {
  throw new RuleValidationError(`${label}: ${message}`);
}

function patternOf(label: string, field: string, text: string): PatternPart[] {
  const parsed = parsePattern(text);
  if (!parsed.ok) fail(label, `"${field}": ${parsed.reason}`);
  return parsed.parts;
}

function moveTarget(label: string, text: string): MoveTarget {
  if (text.trim() === '') fail(label, '"thenMoveTo" is empty; give a folder such as "Documents/PDFs"');
  if (text.includes('\\')) fail(label, `"thenMoveTo" "${text}" contains a backslash; separate folders with "/"`);
  const fromRoot = text.startsWith('/');
  const segments = text.split('/').filter((s) => s.trim() !== '');
  for (const s of segments) {
    if (s.trim() === '..' || s.trim() === '.') {
      fail(label, `"thenMoveTo" "${text}" uses "${s.trim()}"; folders are relative to the organized folder and cannot leave it (start with "/" for the vault root)`);
    }
  }
  return { fromRoot, segments: segments.map((s) => patternOf(label, 'thenMoveTo', s.trim())), source: text };
}

function validateOne(value: unknown, index: number, names: Map<string, number>): CompiledRule {
  let label = `rule ${index + 1}`;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(label, 'a rule is an object like {"name": ..., "if": ..., "thenMoveTo": ...}');
  const obj = value as Record<string, unknown>;
  const name = obj.name;
  if (typeof name !== 'string' || name.trim() === '') fail(label, '"name" is required: a short text saying what the rule does');
  label = `rule ${index + 1} ("${name}")`;
  const earlier = names.get(name.trim().toLowerCase());
  if (earlier !== undefined) fail(label, `the name is already used by rule ${earlier + 1}; give each rule its own name`);
  names.set(name.trim().toLowerCase(), index);
  for (const key of Object.keys(obj)) {
    if (!KEYS.includes(key)) fail(label, `unknown field "${key}"${didYouMean(key, KEYS, (k) => `"${k}"`)}; a rule has ${KEYS.map((k) => `"${k}"`).join(', ')}`);
  }
  const condition = obj.if;
  if (typeof condition !== 'string') fail(label, '"if" is required: a condition such as "file.ext == \\"pdf\\""');
  let compiled: CompiledExpression;
  try {
    compiled = compileExpression(condition);
  } catch (e) {
    if (e instanceof DslError) fail(label, `"if": ${e.message}`);
    throw e;
  }
  const move = obj.thenMoveTo;
  const rename = obj.thenRenameTo;
  if (move !== undefined && typeof move !== 'string') fail(label, '"thenMoveTo" must be a text (a folder)');
  if (rename !== undefined && typeof rename !== 'string') fail(label, '"thenRenameTo" must be a text (a name pattern)');
  const edits = ruleEditsOf(obj, (message) => fail(label, message));
  if (move === undefined && rename === undefined && edits === null) {
    fail(label, 'the rule does nothing: give "thenMoveTo", "thenRenameTo", "thenAddTags", "thenRemoveTags" or "thenSetProperties"');
  }
  if (rename !== undefined && (rename.includes('/') || rename.includes('\\'))) {
    fail(label, `"thenRenameTo" "${rename}" contains a folder separator; put folders in "thenMoveTo"`);
  }
  if (rename?.trim() === '') fail(label, '"thenRenameTo" is empty');
  const priority = obj.priority ?? 0;
  if (typeof priority !== 'number' || !Number.isFinite(priority)) fail(label, '"priority" must be a number (higher runs first)');
  const spec: RuleSpec = { name, if: condition };
  if (move !== undefined) spec.thenMoveTo = move;
  if (rename !== undefined) spec.thenRenameTo = rename;
  for (const key of EDIT_KEYS) if (obj[key] !== undefined) (spec as unknown as Record<string, unknown>)[key] = obj[key];
  if (obj.priority !== undefined) spec.priority = priority;
  return {
    name,
    index,
    priority,
    condition: compiled,
    moveTo: move === undefined ? null : moveTarget(label, move),
    renameTo: rename === undefined ? null : { parts: patternOf(label, 'thenRenameTo', rename.trim()), source: rename },
    edits,
    spec,
  };
}

/** Validates and compiles rules: an array, or an object `{"rules": [...]}`. */
export function validateRules(input: unknown): CompiledRule[] {
  const list = Array.isArray(input) ? input : typeof input === 'object' && input !== null && 'rules' in input ? input.rules : undefined;
  if (!Array.isArray(list)) throw new RuleValidationError('rules must be a list, or an object {"rules": [...]}');
  const names = new Map<string, number>();
  return list.map((value, i) => validateOne(value, i, names));
}

export type RuleCheck = { ok: true; rule: CompiledRule } | { ok: false; problem: string };

/**
 * Every rule of a list checked on its own, with its real place in the list (so one broken rule
 * does not hide the others): the compiled rule, or what is wrong with it. Names must still be
 * unique across the list.
 */
export function checkRules(list: readonly unknown[]): RuleCheck[] {
  const names = new Map<string, number>();
  return list.map((value, i): RuleCheck => {
    try {
      return { ok: true, rule: validateOne(value, i, names) };
    } catch (e) {
      if (e instanceof RuleValidationError) return { ok: false, problem: e.message };
      throw e;
    }
  });
}

/** Rules from JSON text (a rules file), with the JSON error's position when it does not parse. */
export function parseRulesJson(text: string): CompiledRule[] {
  let value: unknown;
  try {
    // Editors on Windows often save UTF-8 with a byte order mark; it is not part of the JSON.
    value = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (e) {
    throw new RuleValidationError(`the rules are not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  return validateRules(value);
}

/** Highest priority first; equal priorities keep the order they were written in. */
export function byPriority(rules: readonly CompiledRule[]): CompiledRule[] {
  return [...rules].sort((a, b) => b.priority - a.priority || a.index - b.index);
}
