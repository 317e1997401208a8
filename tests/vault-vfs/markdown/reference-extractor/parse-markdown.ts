// Reference copy of src/vault-vfs/markdown/parse-markdown.ts as of commit 6918da0, before the extractor was
// made faster: the differential test (../extractor-differential.test.ts) checks that the
// current extractor answers exactly as this one did. Not used by anything else; do not edit.
// parseMarkdown: what Obsidian's metadata cache knows about a note, from its text alone.
// Passes: frontmatter, masking of code/comments/math (code-regions), blocks and headings
// (headings-sections), block ids (blocks), links and tags (inline-scan). Each pass is linear in
// the text; nothing here throws on any input (invalid YAML is reported in frontmatterError).

import type { FrontmatterLinkRef, NoteMetadata } from '../../../../src/vault-vfs/metadata-types';
import { collectBlockIds } from '../../../../src/vault-vfs/markdown/blocks';
import { maskExcludedRegions } from './code-regions';
import { findFrontmatter, parseFrontmatter } from '../../../../src/vault-vfs/markdown/frontmatter';
import { scanBlocks } from '../../../../src/vault-vfs/markdown/headings-sections';
import { scanInline } from './inline-scan';
import { ownString, ownStrings } from './own-string';
import { PackedSections, withLazySections } from '../../../../src/vault-vfs/markdown/packed-sections';
import { wikilinkDisplayText } from './links';
import { TextLines } from '../../../../src/vault-vfs/markdown/text-lines';

export function parseMarkdown(text: string): NoteMetadata {
  const lines = new TextLines(text);
  const fm = findFrontmatter(text, lines);
  const parsed = fm ? parseFrontmatter(text, fm) : null;
  const bodyStart = fm ? fm.endLine + 1 : 0;

  const mask = maskExcludedRegions(text, lines, bodyStart);
  const { blocks, headings } = scanBlocks(text, lines, mask, bodyStart);
  if (fm) blocks.unshift({ type: 'yaml', first: 0, last: fm.endLine, itemStarts: [] });
  const ids = collectBlockIds(blocks, mask.masked, lines);
  const inline = scanInline(text, mask.masked, lines, blocks);

  const sections = new PackedSections();
  blocks.forEach((block, i) => {
    if (ids.absorbed.has(i)) return;
    // The frontmatter's section ends at its closing `---`, as its own position does.
    if (fm && i === 0) sections.add(block.type, fm.position.start, fm.position.end, ids.sectionIds.get(i));
    else sections.addLines(block.type, block.first, block.last, lines, ids.sectionIds.get(i));
  });

  const frontmatterLinks: FrontmatterLinkRef[] = (parsed?.links ?? []).map((l) => ({
    key: ownString(l.key),
    link: ownString(l.link),
    original: ownString(l.original),
    displayText: ownString(l.displayText ?? wikilinkDisplayText(l.link)),
  }));

  const meta: Omit<NoteMetadata, 'sections'> = {
    links: inline.links,
    embeds: inline.embeds,
    frontmatterLinks,
    headings,
    tags: inline.tags,
    frontmatter: parsed?.data ? (ownStrings(parsed.data) as Record<string, unknown>) : null,
    frontmatterPosition: fm ? fm.position : null,
    frontmatterError: parsed?.error ?? null,
    blocks: ids.blocks,
  };
  return withLazySections(meta, sections);
}
