// Which links must change when files are renamed, and to what. Planning reads metadata only, so a
// caller reads just the notes that change (see apply-link-edits.ts for the text side).
//
// The rule (the same test Obsidian's own link updater makes after a rename): a link that resolved
// to a file before the renames is rewritten exactly when its current text, read from the note's
// new path in the renamed vault, would no longer lead to that file's new path. So
// - `[[Note]]` stays as it is when Note.md moves but its name stays unique (nothing to do), and a
//   case-only rename changes no link (resolution ignores case);
// - links in a moved note whose relative path broke are rewritten, and so are links to files
//   that did not move whose resolution a rename changed (a second `Note.md` arriving closer);
// - unresolved links, and links that keep their target, are left byte for byte.
// New text follows `newLinkFormat` as Obsidian's fileToLinktext writes it, keeps the link's style
// (wikilink or markdown, `!`, `<>` or percent-encoding, alias, display text, `#heading` /
// `#^block` subpath) and is checked with the resolver before it is used; when Obsidian's text
// would not lead back (a relative path also valid from the vault root), a more direct form of the
// path is used instead. A link no text can express is reported in `problems` and left alone.

import { scanLinkSource, scanWikilink } from '../markdown/links';
import type { LinkSyntax } from '../markdown/links';
import type { NoteMetadata } from '../metadata-types';
import type { NewLinkFormat } from '../vault-port';
import type { RenameEntry } from './expand-renames';
import { type FileLookup, pathMapper, validateFileRenames } from './expand-renames';
import { encodeDestination, fitsInWikilink, linkPathCandidates } from './link-text';
import { LinkResolver } from './resolver';
import { splitSubpath } from './subpath';
import { fileName, linkKey } from './vault-paths';

export type LinkEdit =
  | { where: 'body'; offset: number; original: string; replacement: string; target: string }
  | { where: 'frontmatter'; key: string; original: string; replacement: string; target: string };

export interface NoteLinkEdits {
  /** The note's path before the renames (where its metadata was read). */
  before: string;
  /** The note's path after the renames (where its new text goes). */
  after: string;
  edits: LinkEdit[];
}

export interface LinkRewriteProblem {
  source: string;
  original: string;
  reason: string;
}

export interface LinkRewritePlan {
  notes: NoteLinkEdits[];
  problems: LinkRewriteProblem[];
}

export interface LinkRewriteInput {
  /**
   * Every file of the vault before the renames, notes and attachments. Read only for what
   * `resolver`, `lookup` and `candidates` do not give: with all three it may be left empty.
   */
  files: readonly string[];
  /** A note's metadata (before the renames); null for files that are not notes. */
  metadataOf: (path: string) => NoteMetadata | null;
  /** File-level renames, applied all at once (see expandRenames for folders). */
  renames: readonly RenameEntry[];
  newLinkFormat: NewLinkFormat;
  /**
   * Notes that may hold an affected link: at least every note with a link whose file name is the
   * name of a renamed file before or after (see touchedNameKeys). The moved notes are always
   * looked at. Without it, every note is; with it, a rename costs what its backlinks cost.
   */
  candidates?: Iterable<string>;
  /** A resolver over `files` the caller keeps current (the vault index's); built here otherwise. */
  resolver?: LinkResolver;
  /** Fast answers about `files`, for checking the renames (see FileLookup). */
  lookup?: FileLookup;
  /** See RenameCheckOptions: the renames put back names that differ only in case from others. */
  allowCaseVariants?: boolean;
}

/** File names (as links compare them, linkKey) the renames take away or bring: only links to these can change target. */
export function touchedNameKeys(renames: readonly RenameEntry[]): Set<string> {
  const keys = new Set<string>();
  for (const r of renames) keys.add(linkKey(fileName(r.from))).add(linkKey(fileName(r.to)));
  return keys;
}

interface PlanContext {
  before: LinkResolver;
  after: LinkResolver;
  mapPath: (path: string) => string;
  format: NewLinkFormat;
}

/** The new source text of one link, or null when no link text leads to `target`. */
function rewrittenLink(original: string, syntax: LinkSyntax, target: string, source: string, ctx: PlanContext): string | null {
  const rescan = syntax.kind === 'wikilink' ? (s: string) => scanWikilink(s, 0, s.length) : scanLinkSource;
  for (const candidate of linkPathCandidates(target, source, ctx.format, ctx.after, syntax.kind)) {
    if (syntax.kind === 'wikilink' && !fitsInWikilink(candidate)) continue;
    const written = syntax.kind === 'markdown' ? encodeDestination(candidate, syntax.angle) : candidate;
    const text = original.slice(0, syntax.pathStart) + written + original.slice(syntax.pathEnd);
    const again = rescan(text);
    if (!again || again.end !== text.length || again.kind !== syntax.kind || again.embed !== syntax.embed) continue;
    if (again.displayText !== syntax.displayText || again.external) continue;
    if (ctx.after.resolve(splitSubpath(again.link).path, source) === target) return text;
  }
  return null;
}

/**
 * The file-name keys under which a link path looks for candidates (see resolver.ts): its last
 * segment if it has a dot, and that segment + `.md`. A link in a note that did not move can only
 * resolve differently if a renamed file left or joined one of these keys.
 */
function lookupKeys(linkpath: string): string[] {
  const name = linkKey(fileName(linkpath.trim()));
  return name.includes('.') ? [name, name + '.md'] : [name + '.md'];
}

export function planLinkRewrites(input: LinkRewriteInput): LinkRewritePlan {
  validateFileRenames(input.files, input.renames, input.lookup, { allowCaseVariants: input.allowCaseVariants === true });
  const mapPath = pathMapper(input.renames);
  const touchedKeys = touchedNameKeys(input.renames);
  const before = input.resolver ?? new LinkResolver(input.files);
  const ctx: PlanContext = {
    before,
    after: before.withRenames(input.renames),
    mapPath,
    format: input.newLinkFormat,
  };
  const plan: LinkRewritePlan = { notes: [], problems: [] };

  const sources = input.candidates === undefined ? input.files : [...new Set([...input.renames.map((r) => r.from), ...input.candidates])];
  for (const source of sources) {
    const meta = input.metadataOf(source);
    if (!meta) continue;
    const newSource = mapPath(source);
    const moved = newSource !== source;
    const edits: LinkEdit[] = [];
    const consider = (link: string, original: string, frontmatterKey: string | null, offset: number): void => {
      const { path } = splitSubpath(link);
      if (!moved && !lookupKeys(path).some((k) => touchedKeys.has(k))) return;
      const was = ctx.before.resolve(path, source);
      if (was === null) return;
      const target = mapPath(was);
      if (ctx.after.resolve(path, newSource) === target) return;
      const syntax = frontmatterKey === null ? scanLinkSource(original) : scanWikilink(original, 0, original.length);
      const replacement = syntax && !syntax.external ? rewrittenLink(original, syntax, target, newSource, ctx) : null;
      if (replacement === null) {
        plan.problems.push({ source, original, reason: `no link text in this style leads to "${target}" from "${newSource}"` });
      } else if (frontmatterKey === null) {
        edits.push({ where: 'body', offset, original, replacement, target });
      } else {
        edits.push({ where: 'frontmatter', key: frontmatterKey, original, replacement, target });
      }
    };
    for (const ref of meta.links) consider(ref.link, ref.original, null, ref.position.start.offset);
    for (const ref of meta.embeds) consider(ref.link, ref.original, null, ref.position.start.offset);
    for (const ref of meta.frontmatterLinks) consider(ref.link, ref.original, ref.key, -1);
    if (edits.length > 0) plan.notes.push({ before: source, after: newSource, edits });
  }
  plan.notes.sort((a, b) => (a.after < b.after ? -1 : a.after > b.after ? 1 : 0));
  return plan;
}
