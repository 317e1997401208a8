// main.js must parse on iOS and iPadOS before 16.4, whose engine compiles every regex literal when
// the script is parsed and knows no lookbehind: one `(?<=` or `(?<!` in a literal anywhere keeps the
// whole plugin from loading there. This parses the production bundle and lists every regex literal
// with a lookbehind, positive or negative (the lint rule sees only the first); there must be none.
// The scanner is the test's own, not the build step's (esbuild.lookbehind.mjs), so each checks the other.
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { guardLookbehindLiterals } from '../../esbuild.lookbehind.mjs';
import { buildPluginBundle, removePluginBundle } from '../obsidian/build-bundle';

/** `(?<=` and `(?<!`, spelled in two parts: they are text to look for here, not patterns. */
const [BEHIND, NOT_BEHIND] = ['=', '!'].map((c) => '(?<' + c) as [string, string];

/** The regex literals in a script that hold a lookbehind outside a character class. */
function lookbehindLiterals(code: string): string[] {
  const sf = ts.createSourceFile('main.js', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const text = node.getText(sf);
      const body = text.slice(1, text.lastIndexOf('/'));
      // Escapes and character classes removed, what is left is the pattern's structure.
      const bare = body.replace(/\\./g, '_').replace(/\[(?:[^\]\\]|\\.)*\]/g, '_');
      if (bare.includes(BEHIND) || bare.includes(NOT_BEHIND)) out.push(text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

const SAMPLE = [
  `const a = /${BEHIND}x)y/g;`,
  `const b = /${NOT_BEHIND}\\d)\\d{4}/u;`,
  `const c = /\\${BEHIND}x/;`,
  `const d = /[${BEHIND}]/;`,
  'const e = /(?<name>x)\\k<name>/;',
  `const f = "${BEHIND}x)";`,
  'const g = 4 / 2 / 1;',
].join('\n');

describe('main.js and lookbehind', () => {
  let bundle = '';
  beforeAll(async () => {
    const file = await buildPluginBundle();
    bundle = readFileSync(file, 'utf8');
    removePluginBundle(file);
  }, 120_000);

  it('the scanner finds positive and negative lookbehind literals, and nothing else', () => {
    expect(lookbehindLiterals(SAMPLE)).toEqual([`/${BEHIND}x)y/g`, `/${NOT_BEHIND}\\d)\\d{4}/u`]);
  });

  it('the build step turns them into RegExps made when the code runs, matching the same', () => {
    const guarded = guardLookbehindLiterals(SAMPLE) ?? '';
    expect(lookbehindLiterals(guarded)).toEqual([]);
    const run = (code: string): unknown => runInNewContext(`${code}\n[a.exec('xyzy'), b.exec('a1234')].map((m) => m && [m.index, m[0]]);`);
    expect(run(guarded)).toEqual(run(SAMPLE));
  });

  it('the production main.js holds no regex literal with a lookbehind', () => {
    expect(bundle.length).toBeGreaterThan(100_000);
    expect(lookbehindLiterals(bundle)).toEqual([]);
  });
});
