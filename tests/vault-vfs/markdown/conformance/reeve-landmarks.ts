// The same landmarks as reference-oracle.ts, read from Reeve's own parser.

import { maskExcludedRegions } from '../../../../src/vault-vfs/markdown/code-regions';
import { findFrontmatter } from '../../../../src/vault-vfs/markdown/frontmatter';
import { scanLinkSource } from '../../../../src/vault-vfs/markdown/links';
import { parseMarkdown } from '../../../../src/vault-vfs/markdown/parse-markdown';
import { TextLines } from '../../../../src/vault-vfs/markdown/text-lines';
import type { Landmarks } from './reference-oracle';
import { decodeSafely, normalizeHeading } from './reference-oracle';

export function reeveLandmarks(source: string): Landmarks {
  const meta = parseMarkdown(source);
  const out: Landmarks = { links: [], wikilinks: [], headings: [], codeLines: [] };
  for (const ref of [...meta.links, ...meta.embeds]) {
    const syntax = scanLinkSource(ref.original);
    if (syntax?.kind === 'wikilink') out.wikilinks.push(ref.original.slice(syntax.embed ? 3 : 2, -2));
    else out.links.push(decodeSafely(ref.link));
  }
  for (const h of meta.headings) out.headings.push(`${h.level}@${h.position.start.line} ${normalizeHeading(h.heading)}`);
  const lines = new TextLines(source);
  const fm = findFrontmatter(source, lines);
  const mask = maskExcludedRegions(source, lines, fm ? fm.endLine + 1 : 0);
  for (let l = 0; l < lines.count; l++) if (mask.codeBlockLine[l] && source.slice(lines.start(l), lines.end(l)).trim() !== '') out.codeLines.push(l);
  out.links.sort();
  out.wikilinks.sort();
  return out;
}
