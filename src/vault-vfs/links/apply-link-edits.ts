// Applying planned link edits to a note's text. Body links are spliced at their offsets; links in
// frontmatter are found again in the YAML source and escaped for their quoting. The result must
// hold the same links in the same order with only the planned ones changed, so a rewrite can never
// break or create another link: when the splices provably change nothing but their links, the new
// metadata is the old one shifted past them (shifted-metadata.ts); otherwise the result is parsed
// again and checked. Call this for every affected note before
// renaming anything: it throws on stale metadata instead of writing a wrong text.

import { findFrontmatter, parseFrontmatter } from '../markdown/frontmatter';
import type { LocatedFrontmatterLink } from '../markdown/frontmatter';
import { parseMarkdown } from '../markdown/parse-markdown';
import { TextLines } from '../markdown/text-lines';
import type { NoteMetadata } from '../metadata-types';
import type { NewLinkFormat } from '../vault-port';
import type { RenameEntry } from './expand-renames';
import { expandRenames } from './expand-renames';
import type { LinkEdit, LinkRewriteProblem, NoteLinkEdits } from './rewrite-links';
import { planLinkRewrites } from './rewrite-links';
import type { Splice } from './nested-splices';
import { applyWithin, mergeNestedSplices } from './nested-splices';
import { shiftedMetadata } from './shifted-metadata';

/** The note's text is not the one its metadata was read from. */
export class StaleLinkEditError extends Error {
  constructor(
    readonly path: string,
    detail: string,
  ) {
    super(`cannot rewrite links in "${path}": ${detail}; read the note again and re-plan`);
    this.name = 'StaleLinkEditError';
  }
}

export interface AppliedLinkEdits {
  text: string;
  /** Metadata of the new text; null when no edit was applied. */
  metadata: NoteMetadata | null;
  /**
   * Whether that metadata came from parsing the new text whole (and checking its links against
   * the old); false when it was shifted from the old metadata past the splices (shifted-metadata.ts).
   */
  parsed: boolean;
  /** Frontmatter links whose YAML spelling could not be rewritten safely; left as they were. */
  problems: LinkRewriteProblem[];
}


function escapeFor(quoting: LocatedFrontmatterLink['quoting'], value: string): string | null {
  if (quoting === 'double') return value.replace(/[\\"]/g, (c) => '\\' + c);
  if (quoting === 'single') return value.replace(/'/g, "''");
  return null;
}

function originals(meta: NoteMetadata): string[] {
  return [
    ...meta.links.map((l) => `L${l.original}`),
    ...meta.embeds.map((l) => `E${l.original}`),
    ...meta.frontmatterLinks.map((l) => `F${l.key}\u0000${l.original}`),
  ];
}

/**
 * Applies one note's edits. `before` may be the metadata the edits were planned from (it must be
 * the metadata of `text`); it saves parsing the old text again for the check.
 */
export function applyLinkEdits(text: string, note: NoteLinkEdits, before?: NoteMetadata): AppliedLinkEdits {
  const splices: Splice[] = [];
  const problems: LinkRewriteProblem[] = [];
  const applied: LinkEdit[] = [];
  const frontmatterEdits = note.edits.filter((e) => e.where === 'frontmatter');
  let located: LocatedFrontmatterLink[] = [];
  if (frontmatterEdits.length > 0) {
    const block = findFrontmatter(text, new TextLines(text));
    located = block ? parseFrontmatter(text, block).links : [];
  }
  for (const edit of note.edits) {
    if (edit.where === 'body') {
      if (text.slice(edit.offset, edit.offset + edit.original.length) !== edit.original) {
        throw new StaleLinkEditError(note.before, `"${edit.original}" is no longer at offset ${edit.offset}`);
      }
      splices.push({ start: edit.offset, end: edit.offset + edit.original.length, text: edit.replacement });
      applied.push(edit);
      continue;
    }
    const at = located.find((l) => l.key === edit.key && l.original === edit.original);
    if (!at) throw new StaleLinkEditError(note.before, `frontmatter property "${edit.key}" no longer holds "${edit.original}"`);
    const escaped = at.offset === null ? null : escapeFor(at.quoting, edit.replacement);
    if (at.offset === null || escaped === null) {
      problems.push({ source: note.before, original: edit.original, reason: 'the YAML spelling of this frontmatter link cannot be rewritten safely' });
      continue;
    }
    splices.push({ start: at.offset, end: at.offset + edit.original.length, text: escaped });
    applied.push(edit);
  }
  const merged = mergeNestedSplices(text, splices);
  let out = text;
  for (const s of [...merged].reverse()) out = out.slice(0, s.start) + s.text + out.slice(s.end);
  if (applied.length === 0) return { text: out, metadata: null, parsed: false, problems };
  const old = before ?? parseMarkdown(text);
  // A link rewrite that provably changes nothing but its links needs no parse of the new text.
  const shifted = shiftedMetadata(old, text, merged);
  if (shifted) return { text: out, metadata: shifted, parsed: false, problems };
  return { text: out, metadata: verify(old, out, applied, { merged, planned: splices }, note.before), parsed: true, problems };
}

/**
 * The new text must hold the old links, in order, with exactly the applied ones replaced (and a
 * link holding a replaced one changed by that replacement only). Returns its metadata.
 */
function verify(old: NoteMetadata, after: string, applied: LinkEdit[], splices: { merged: Splice[]; planned: Splice[] }, path: string): NoteMetadata {
  const frontmatter = new Map<string, string>();
  for (const e of applied) if (e.where === 'frontmatter') frontmatter.set(`${e.key}\u0000${e.original}`, e.replacement);
  const bodyOriginal = (l: NoteMetadata['links'][number]): string => applyWithin(l.original, l.position.start.offset, splices.merged, splices.planned);
  const expected = originals({
    ...old,
    links: old.links.map((l) => ({ ...l, original: bodyOriginal(l) })),
    embeds: old.embeds.map((l) => ({ ...l, original: bodyOriginal(l) })),
    frontmatterLinks: old.frontmatterLinks.map((l) => ({ ...l, original: frontmatter.get(`${l.key}\u0000${l.original}`) ?? l.original })),
  });
  const parsed = parseMarkdown(after);
  const actual = originals(parsed);
  if (expected.length !== actual.length || expected.some((v, i) => v !== actual[i])) {
    throw new Error(`link rewrite in "${path}" would change links it did not plan to change; nothing was written`);
  }
  return parsed;
}

export interface NoteSnapshot {
  text: string;
  metadata: NoteMetadata;
}

export interface RenameRewriteResult {
  /** Path after the renames -> new text, for every note whose text changes; no other note. */
  texts: Map<string, string>;
  problems: LinkRewriteProblem[];
}

/**
 * Plan and apply in one call, for callers that hold every note in memory (the shadow VFS, tests).
 * `renames` may name files or folders; they are expanded and checked first.
 */
export function rewriteLinksForRenames(input: {
  files: readonly string[];
  notes: ReadonlyMap<string, NoteSnapshot>;
  renames: readonly RenameEntry[];
  newLinkFormat: NewLinkFormat;
}): RenameRewriteResult {
  const renames = expandRenames(input.files, input.renames);
  const plan = planLinkRewrites({
    files: input.files,
    metadataOf: (path) => input.notes.get(path)?.metadata ?? null,
    renames,
    newLinkFormat: input.newLinkFormat,
  });
  const texts = new Map<string, string>();
  const problems = [...plan.problems];
  for (const note of plan.notes) {
    const snapshot = input.notes.get(note.before);
    if (!snapshot) continue;
    const result = applyLinkEdits(snapshot.text, note, snapshot.metadata);
    problems.push(...result.problems);
    if (result.text !== snapshot.text) texts.set(note.after, result.text);
  }
  return { texts, problems };
}
