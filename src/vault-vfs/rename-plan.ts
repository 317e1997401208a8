// Glue between a vault's index and the link rewriter: which notes' text must change when a file
// or folder moves, and their new text. Only the notes that change are read, and they are read
// fresh, so the rewrite applies to what is on disk now.
import { applyLinkEdits } from './links/apply-link-edits';
import { expandRenames, type FileLookup } from './links/expand-renames';
import type { LinkResolver } from './links/resolver';
import { planLinkRewrites, touchedNameKeys } from './links/rewrite-links';
import { parseMarkdown } from './markdown/parse-markdown';
import type { NoteMetadata } from './metadata-types';
import type { NewLinkFormat } from './vault-port';

export interface RenameSource {
  readonly newLinkFormat: NewLinkFormat;
  filePaths(): string[];
  metadata(path: string): NoteMetadata | null;
  /** Notes holding a link that names a file called one of `keys` (lower-cased file names). */
  notesLinkingToNames?(keys: ReadonlySet<string>): Set<string>;
  /** The source's own resolver and file lookup, current with filePaths(), when it keeps them. */
  readonly linkResolver?: LinkResolver;
  readonly fileLookup?: FileLookup;
}

export interface RenamePlanInput {
  index: RenameSource;
  from: string;
  to: string;
  readText: (path: string) => Promise<string>;
  /** The move puts back a name that differs only in case from another file's (see RenameCheckOptions). */
  allowCaseVariants?: boolean;
  /**
   * The metadata of exactly the text `readText` gives for a note, when the caller knows it (a text
   * it holds and parsed itself), else null: the rewrite's check then need not parse the old text.
   */
  knownMetadata?: (path: string) => NoteMetadata | null;
}

export interface RewrittenNote {
  text: string;
  /** Metadata of `text` (parsed once, for the rewrite's own check). */
  metadata: NoteMetadata;
}

/** New text of each note that holds an affected link, keyed by the note's path after the move. */
export async function planRenameRewrites(input: RenamePlanInput): Promise<Map<string, RewrittenNote>> {
  const files = input.index.filePaths();
  const prefix = input.from + '/';
  // An empty folder holds nothing any link could point at.
  if (!files.some((f) => f === input.from || f.startsWith(prefix))) return new Map();
  const { linkResolver, fileLookup } = input.index;
  const allowCaseVariants = input.allowCaseVariants === true;
  const renames = expandRenames(files, [{ from: input.from, to: input.to }], fileLookup, { allowCaseVariants });
  const candidates = input.index.notesLinkingToNames?.(touchedNameKeys(renames));
  const plan = planLinkRewrites({
    files,
    metadataOf: (p) => input.index.metadata(p),
    renames,
    newLinkFormat: input.index.newLinkFormat,
    ...(candidates ? { candidates } : {}),
    ...(linkResolver ? { resolver: linkResolver } : {}),
    ...(fileLookup ? { lookup: fileLookup } : {}),
    allowCaseVariants,
  });
  const out = new Map<string, RewrittenNote>();
  for (const note of plan.notes) {
    const applied = applyLinkEdits(await input.readText(note.before), note, input.knownMetadata?.(note.before) ?? undefined);
    out.set(note.after, { text: applied.text, metadata: applied.metadata ?? parseMarkdown(applied.text) });
  }
  return out;
}
