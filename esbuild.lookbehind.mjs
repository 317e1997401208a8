// Lookbehind in a regular expression *literal* stops a whole script from parsing on iOS and iPadOS
// before 16.4 (Safari's engine learned lookbehind then; a literal is compiled when the script is
// parsed), so one such literal anywhere in main.js keeps the plugin from loading on those devices.
// Reeve's own code has none; the SDKs have one each (a check of the paths they build). This build
// step rewrites any such literal in a dependency into a RegExp made when that code runs, falling back
// to one that matches nothing where lookbehind is unknown: there the SDK's path check finds nothing
// to refuse, and everything else works. tests/plugin/bundle-lookbehind.test.ts checks main.js.
import { readFile } from 'node:fs/promises';
import ts from 'typescript';

/** The openings of a lookbehind, positive and negative (spelled in two parts: this is text to find). */
const BEHIND = ['=', '!'].map((c) => '(?<' + c);

/** Whether a regex literal's text (`/…/flags`) holds a lookbehind, `(?<=` or `(?<!`, outside a class. */
export function hasLookbehind(literal) {
  let inClass = false;
  for (let i = 1; i < literal.lastIndexOf('/'); i++) {
    const c = literal[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (BEHIND.some((b) => literal.startsWith(b, i))) return true;
  }
  return false;
}

function guarded(literal) {
  const end = literal.lastIndexOf('/');
  const source = JSON.stringify(literal.slice(1, end));
  const flags = JSON.stringify(literal.slice(end + 1));
  return `(function(){try{return new RegExp(${source},${flags})}catch(_){return new RegExp("(?!)",${flags})}})()`;
}

/** The module's text with each lookbehind literal made guarded, or null when it has none. */
export function guardLookbehindLiterals(text, fileName = 'module.js') {
  if (!BEHIND.some((b) => text.includes(b))) return null;
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const found = [];
  const visit = (node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral && hasLookbehind(node.getText(sf))) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (found.length === 0) return null;
  let out = text;
  for (const node of found.reverse()) out = out.slice(0, node.getStart(sf)) + guarded(node.getText(sf)) + out.slice(node.getEnd());
  return out;
}

/** @type {import('esbuild').Plugin} */
export const guardLookbehind = {
  name: 'guard-lookbehind',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.[cm]?js$/ }, async (args) => {
      const contents = guardLookbehindLiterals(await readFile(args.path, 'utf8'), args.path);
      return contents === null ? undefined : { contents, loader: 'js' };
    });
  },
};
