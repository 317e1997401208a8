// What a rule, a heuristic or the shadow VFS knows about one file without reading it:
// name parts from the path, sizes and dates from stat, tags/links/frontmatter from metadata.
// Content is read only on demand (`readContent`), and only for markdown files.

export interface FileRecord {
  /** Vault-relative path, e.g. `Inbox/Screenshot 2024-03-02.png`. */
  path: string;
  /** Name without extension: `Screenshot 2024-03-02`. */
  name: string;
  /** Extension without the dot, lower case: `png`; empty when there is none. */
  ext: string;
  /** Parent folder path; empty string for the vault root. */
  folder: string;
  size: number;
  /** Milliseconds since the epoch. */
  ctime: number;
  mtime: number;
  mimeType: string;
  /** True when any segment of the path starts with a dot. */
  isHidden: boolean;
  /** Tags without `#`, inline and frontmatter, as written (case kept). */
  tags: string[];
  /** Resolved link targets (paths), or the link text when unresolved. */
  links: string[];
  /** Paths of notes that link here. */
  backlinks: string[];
  frontmatter: Record<string, unknown> | null;
  /** Reads the file's text; absent for non-markdown files. */
  readContent?: () => Promise<string>;
}
