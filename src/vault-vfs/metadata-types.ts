// The shape of what Reeve knows about a note, modelled on Obsidian's CachedMetadata so that the
// Obsidian adapter can pass the metadata cache through and the Node adapter can produce the same
// answers from the project's own parser.

export interface Loc {
  line: number; // 0-based
  col: number; // 0-based, in UTF-16 code units
  offset: number; // 0-based, in UTF-16 code units from the start of the file
}

export interface Pos {
  start: Loc;
  end: Loc;
}

/** A wikilink, embed or markdown link as written in a note. */
export interface LinkRef {
  /** The link path with subpath, as Obsidian reports it: `Folder/Note#Heading`, decoded. */
  link: string;
  /** The exact source text of the link, e.g. `[[Note|alias]]` or `![](img%20a.png)`. */
  original: string;
  /** Alias or markdown link text, if any. */
  displayText?: string;
  position: Pos;
}

/** A link that sits in frontmatter (`related: "[[Note]]"`). */
export interface FrontmatterLinkRef {
  key: string;
  link: string;
  original: string;
  displayText?: string;
}

export interface HeadingRef {
  heading: string;
  level: number;
  position: Pos;
}

export interface TagRef {
  /** With the leading `#`, as Obsidian reports inline tags. */
  tag: string;
  position: Pos;
}

export type SectionType =
  | 'yaml'
  | 'heading'
  | 'paragraph'
  | 'list'
  | 'code'
  | 'blockquote'
  | 'callout'
  | 'table'
  | 'thematicBreak'
  | 'html'
  | 'math'
  | 'comment'
  | 'footnoteDefinition';

export interface SectionRef {
  type: SectionType;
  position: Pos;
  id?: string;
}

export interface BlockRef {
  id: string;
  position: Pos;
}

export interface NoteMetadata {
  links: LinkRef[];
  embeds: LinkRef[];
  frontmatterLinks: FrontmatterLinkRef[];
  headings: HeadingRef[];
  /** Inline tags only, as in Obsidian; use `allTags()` for frontmatter tags too. */
  tags: TagRef[];
  frontmatter: Record<string, unknown> | null;
  frontmatterPosition: Pos | null;
  /** Set when the frontmatter block exists but is not valid YAML; the note still parses. */
  frontmatterError: string | null;
  sections: SectionRef[];
  blocks: Record<string, BlockRef>;
}
