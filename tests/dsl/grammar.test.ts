import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import nearley from 'nearley';
import { describe, expect, it } from 'vitest';
import grammar from '../../src/dsl/grammar';
import { compileExpression } from '../../src/dsl/compile';
import { CONFORMANCE } from './conformance-table';
import { expressionText } from './generators';
import { NORMALIZED, SEED_RULES, TREES } from './samples';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Every parse nearley finds, straight from the generated grammar and its lexer. */
function parses(source: string): unknown[] {
  const parser = new nearley.Parser(nearley.Grammar.fromCompiled(grammar));
  parser.feed(source);
  return parser.results as unknown[];
}

/** The examples in docs/rules.md: each line of a ```rules block is one expression. */
function docExamples(): string[] {
  const doc = readFileSync(path.join(root, 'docs', 'rules.md'), 'utf8');
  return [...doc.matchAll(/```rules\n([\s\S]*?)```/g)].flatMap((m) => (m[1] ?? '').split('\n').filter((l) => l.trim() !== ''));
}

describe('the grammar is unambiguous', () => {
  const everyExpression = [
    ...CONFORMANCE.map(([e]) => e),
    ...SEED_RULES.rules.map((r) => r.if),
    ...NORMALIZED.flatMap(([a, b]) => [a, b]),
    ...TREES.map(([e]) => e),
    ...docExamples(),
    ...fc.sample(expressionText, { numRuns: 300, seed: 42 }),
  ];

  it('gives exactly one parse for every expression in the test suite and the docs', () => {
    expect(everyExpression.length).toBeGreaterThan(450);
    const ambiguous = everyExpression.filter((e) => parses(e).length !== 1);
    expect(ambiguous).toEqual([]);
  });

  it('compiles every example in docs/rules.md', () => {
    const examples = docExamples();
    expect(examples.length).toBeGreaterThan(25);
    for (const e of examples) expect(() => compileExpression(e), e).not.toThrow();
  });
});

describe('the generated grammar', () => {
  it('is what nearleyc makes from grammar.ne (gen-grammar --check)', () => {
    const out = execFileSync(process.execPath, [path.join(root, 'scripts', 'gen-grammar.mjs'), '--check'], { cwd: root, encoding: 'utf8' });
    expect(out).toContain('up to date');
  });

  it('--check fails when grammar.ts differs from grammar.ne', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'reeve-grammar-'));
    try {
      mkdirSync(path.join(dir, 'scripts'));
      mkdirSync(path.join(dir, 'src', 'dsl'), { recursive: true });
      cpSync(path.join(root, 'scripts', 'gen-grammar.mjs'), path.join(dir, 'scripts', 'gen-grammar.mjs'));
      cpSync(path.join(root, 'src', 'dsl', 'grammar.ne'), path.join(dir, 'src', 'dsl', 'grammar.ne'));
      symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
      const edited = readFileSync(path.join(root, 'src', 'dsl', 'grammar.ts'), 'utf8').replace('"expression"', '"expr"');
      writeFileSync(path.join(dir, 'src', 'dsl', 'grammar.ts'), edited);
      const check = spawnSync(process.execPath, [path.join(dir, 'scripts', 'gen-grammar.mjs'), '--check'], { encoding: 'utf8' });
      expect(check.status).toBe(1);
      expect(check.stderr).toContain('out of date');
      // Regenerating writes the same bytes as the committed file: the output is deterministic.
      execFileSync(process.execPath, [path.join(dir, 'scripts', 'gen-grammar.mjs')]);
      expect(readFileSync(path.join(dir, 'src', 'dsl', 'grammar.ts'), 'utf8')).toBe(readFileSync(path.join(root, 'src', 'dsl', 'grammar.ts'), 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the nearley compiler out of the runtime: src/dsl imports only nearley and moo', () => {
    const dslDir = path.join(root, 'src', 'dsl');
    const external = new Set<string>();
    for (const f of readdirSync(dslDir).filter((n) => n.endsWith('.ts'))) {
      const text = readFileSync(path.join(dslDir, f), 'utf8');
      for (const m of text.matchAll(/^import[^'"]*['"]([^'"]+)['"]/gm)) {
        const spec = m[1] ?? '';
        if (!spec.startsWith('.')) external.add(spec);
      }
    }
    expect([...external].sort()).toEqual(['moo', 'nearley']);
  });
});
