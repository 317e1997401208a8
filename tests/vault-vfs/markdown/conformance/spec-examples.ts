// The CommonMark specification's examples (commonmark-spec 0.31.2, dev-only), each also with its
// words turned into wikilinks and into relative markdown links, so that every construct the spec
// shows is tried with the two kinds of link a move rewrites. Each inserted link has its own
// target (`w3`, `p-w3.md`), so a comparison tells which one was missed or seen wrongly.

import { createRequire } from 'node:module';

export type VariantKind = 'plain' | 'wikilink' | 'mdlink';

export interface SpecCase {
  /** `42` for the spec's example 42 as written, `42:wikilink` / `42:mdlink` for its variants. */
  id: string;
  number: number;
  section: string;
  variant: VariantKind;
  markdown: string;
}

interface SpecExample {
  markdown: string;
  section: string;
  number: number;
}

const require = createRequire(import.meta.url);
const spec = require('commonmark-spec') as { tests: SpecExample[] };

/**
 * Words that are prose, not syntax: not part of a tag name, entity, URL, path, attribute or
 * definition label (`<div`, `&amp;`, `http:`, `a/b`, `x=`, `foo:`), so replacing them keeps the
 * construct the example is about.
 */
const WORD = /(?<![\w<&#\\/.:@=-])[A-Za-z]{2,}(?![\w:;=@/(-])/g;

export function withLinks(markdown: string, kind: 'wikilink' | 'mdlink'): string {
  let n = 0;
  return markdown.replace(WORD, () => {
    n++;
    return kind === 'wikilink' ? `[[w${n}]]` : `[w${n}](p-w${n}.md)`;
  });
}

export function specCases(): SpecCase[] {
  const out: SpecCase[] = [];
  for (const ex of spec.tests) {
    // The spec writes tabs as `→`.
    const markdown = ex.markdown.replace(/→/g, '\t');
    out.push({ id: String(ex.number), number: ex.number, section: ex.section, variant: 'plain', markdown });
    for (const kind of ['wikilink', 'mdlink'] as const) {
      const varied = withLinks(markdown, kind);
      if (varied !== markdown) out.push({ id: `${ex.number}:${kind}`, number: ex.number, section: ex.section, variant: kind, markdown: varied });
    }
  }
  return out;
}
