// The property that matters: after any sequence of file moves, folder moves and renames (case-only
// ones too), applied with link rewriting, every link that resolved still resolves to the same file
// (mapped through the renames), the resolved and unresolved graphs are exactly what they were,
// each link keeps its kind, `!`, alias / text and subpath, and notes without an affected link are
// byte-identical, while the text around rewritten links does not change.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rewriteLinksForRenames } from '../../../src/vault-vfs/links/apply-link-edits';
import { InvalidRenameError, expandRenames, pathMapper } from '../../../src/vault-vfs/links/expand-renames';
import type { RenameEntry } from '../../../src/vault-vfs/links/expand-renames';
import { buildLinkGraph } from '../../../src/vault-vfs/links/link-graph';
import type { LinkGraph } from '../../../src/vault-vfs/links/link-graph';
import { LinkResolver } from '../../../src/vault-vfs/links/resolver';
import { splitSubpath } from '../../../src/vault-vfs/links/subpath';
import { scanLinkSource } from '../../../src/vault-vfs/markdown/links';
import { parseMarkdown } from '../../../src/vault-vfs/markdown/parse-markdown';
import type { NoteMetadata } from '../../../src/vault-vfs/metadata-types';
import type { NewLinkFormat } from '../../../src/vault-vfs/vault-port';
import { formatArb, opArb, renameFor, vaultArb } from './rename-vault-model';
import type { VaultModel } from './rename-vault-model';

interface LinkFacts {
  kind: 'wiki' | 'md';
  embed: boolean;
  /** The alias or link text as written (not Obsidian's derived display text, which follows the path). */
  displayText: string | undefined;
  subpath: string;
  path: string;
  original: string;
}

function facts(meta: NoteMetadata): LinkFacts[] {
  const out: LinkFacts[] = [];
  for (const ref of [...meta.links, ...meta.embeds, ...meta.frontmatterLinks]) {
    const { path, subpath } = splitSubpath(ref.link);
    out.push({
      kind: ref.original.includes('[[') ? 'wiki' : 'md',
      embed: ref.original.startsWith('!'),
      displayText: scanLinkSource(ref.original)?.displayText,
      subpath,
      path,
      original: ref.original,
    });
  }
  return out;
}

/** The note's text outside its body links, and its frontmatter with link values blanked. */
function skeleton(text: string, meta: NoteMetadata): string[] {
  const spans = [...meta.links, ...meta.embeds].map((l) => l.position).sort((a, b) => a.start.offset - b.start.offset);
  const parts: string[] = [];
  let last = meta.frontmatterPosition?.end.offset ?? 0;
  for (const s of spans) {
    parts.push(text.slice(last, s.start.offset));
    last = s.end.offset;
  }
  parts.push(text.slice(last));
  parts.push(JSON.stringify(meta.frontmatter, (_k, v: unknown) => (typeof v === 'string' && v.startsWith('[[') ? '[[link]]' : v)));
  return parts;
}

function mapGraph(graph: LinkGraph, map: (p: string) => string): LinkGraph {
  const mapCounts = (counts: LinkGraph['resolved'], mapTargets: boolean) =>
    Object.fromEntries(
      Object.entries(counts).map(([src, targets]) => [map(src), Object.fromEntries(Object.entries(targets).map(([t, n]) => [mapTargets ? map(t) : t, n]))]),
    );
  return { resolved: mapCounts(graph.resolved, true), unresolved: mapCounts(graph.unresolved, false) };
}

const plain = (g: LinkGraph): LinkGraph => JSON.parse(JSON.stringify(g)) as LinkGraph;

/** How many rewritten links of each style the runs produced: the generator must reach them all. */
const rewritten = { wiki: 0, markdown: 0, angle: 0, embed: 0, alias: 0, subpath: 0, frontmatter: 0, notes: 0 };

function count(link: LinkFacts, fromFrontmatter: boolean): void {
  if (fromFrontmatter) rewritten.frontmatter++;
  else if (link.kind === 'wiki') rewritten.wiki++;
  else if (link.original.includes('](<')) rewritten.angle++;
  else rewritten.markdown++;
  if (link.embed) rewritten.embed++;
  if (link.kind === 'wiki' && link.displayText !== undefined) rewritten.alias++;
  if (link.subpath !== '') rewritten.subpath++;
}

/** Applies one operation with link rewriting and checks the property; returns the new vault. */
function step(vault: VaultModel, renamesIn: RenameEntry, format: NewLinkFormat): VaultModel {
  let renames: RenameEntry[];
  try {
    renames = expandRenames(vault.files, [renamesIn]);
  } catch (err) {
    if (err instanceof InvalidRenameError) return vault; // an impossible move: nothing happens
    throw err;
  }
  const map = pathMapper(renames);
  const metas = new Map([...vault.texts].map(([p, t]) => [p, parseMarkdown(t)]));
  const notes = new Map([...vault.texts].map(([p, t]) => [p, { text: t, metadata: metas.get(p) as NoteMetadata }]));
  const result = rewriteLinksForRenames({ files: vault.files, notes, renames, newLinkFormat: format });
  expect(result.problems).toEqual([]);

  const files = vault.files.map(map);
  const texts = new Map([...vault.texts].map(([p, t]) => [map(p), result.texts.get(map(p)) ?? t]));
  const afterMetas = new Map([...texts].map(([p, t]) => [p, parseMarkdown(t)]));

  // Graph: the same, mapped through the renames; per link, too.
  const before = new LinkResolver(vault.files);
  const after = new LinkResolver(files);
  const graphBefore = buildLinkGraph(vault.files, (p) => metas.get(p) ?? null, before);
  const graphAfter = buildLinkGraph(files, (p) => afterMetas.get(p) ?? null, after);
  expect(plain(graphAfter)).toEqual(plain(mapGraph(graphBefore, map)));

  const untouched = new LinkResolver(files); // the renamed vault with no text changed
  for (const [src, meta] of metas) {
    const dst = map(src);
    const was = facts(meta);
    const now = facts(afterMetas.get(dst) as NoteMetadata);
    expect(now.length).toBe(was.length);
    let affected = false;
    was.forEach((link, i) => {
      const target = before.resolve(link.path, src);
      const other = now[i] as LinkFacts;
      expect({ ...other, path: '', original: '' }).toEqual({ ...link, path: '', original: '' });
      expect(after.resolve(other.path, dst)).toBe(target === null ? null : map(target));
      const broken = target !== null && untouched.resolve(link.path, dst) !== map(target);
      if (broken) affected = true;
      else expect(other.original).toBe(link.original);
      if (other.original !== link.original) count(link, i >= meta.links.length + meta.embeds.length);
    });
    // Exactly the notes with an affected link are rewritten; the others are byte-identical.
    expect(result.texts.has(dst)).toBe(affected);
    if (affected) rewritten.notes++;
    if (!affected) expect(texts.get(dst)).toBe(vault.texts.get(src));
    else expect(skeleton(texts.get(dst) ?? '', afterMetas.get(dst) as NoteMetadata)).toEqual(skeleton(vault.texts.get(src) ?? '', meta));
  }
  return { files, texts };
}

describe('link rewriting keeps the link graph through any renames', () => {
  it('holds for random vaults and random sequences of moves and renames', () => {
    fc.assert(
      fc.property(vaultArb, fc.array(fc.tuple(opArb, formatArb), { minLength: 1, maxLength: 6 }), (start, ops) => {
        let vault = start;
        for (const [op, format] of ops) {
          const rename = renameFor(op, vault.files);
          if (!rename) continue;
          vault = step(vault, rename, format);
        }
      }),
      { numRuns: Number(process.env.REEVE_PROPERTY_RUNS ?? 300), seed: Number(process.env.REEVE_PROPERTY_SEED ?? 1337) },
    );
    // The generator must actually exercise rewriting of every style, not only no-op moves.
    for (const [style, n] of Object.entries(rewritten)) expect(n, style).toBeGreaterThan(20);
  });
});
