// Rewriting a note's frontmatter as Obsidian's FileManager.processFrontMatter does: parse the YAML
// block, let the caller change the object, write the block back as the `yaml` package prints it,
// and leave the body byte for byte as it was. A block that is not valid YAML, or not a map, is
// refused: guessing would lose what the user wrote.
import { parse, stringify } from 'yaml';

const BLOCK = /^---\r?\n(?:([\s\S]*?)\r?\n)?---(?:\r?\n|$)/;

export type FrontmatterEdit = (frontmatter: Record<string, unknown>) => void;

export class FrontmatterError extends Error {
  constructor(path: string, reason: string) {
    super(`${path}: ${reason}; nothing was changed`);
    this.name = 'FrontmatterError';
  }
}

/** The note's text after its frontmatter block (the whole text when it has none). */
export function bodyAfterFrontmatter(text: string): string {
  const m = BLOCK.exec(text);
  return m ? text.slice(m[0].length) : text;
}

/** The note's properties as `rewriteFrontmatter` would see them ({} when there is no block). */
export function readFrontmatterForEdit(path: string, text: string): Record<string, unknown> {
  let frontmatter: Record<string, unknown> = {};
  rewriteFrontmatter(path, text, (fm) => {
    frontmatter = fm;
  });
  return frontmatter;
}

/** `text` with its frontmatter changed by `edit` (a block is added when there was none). */
export function rewriteFrontmatter(path: string, text: string, edit: FrontmatterEdit): string {
  const m = BLOCK.exec(text);
  let frontmatter: Record<string, unknown> = {};
  let body = text;
  if (m) {
    let parsed: unknown;
    try {
      parsed = parse(m[1] ?? '');
    } catch (e) {
      throw new FrontmatterError(path, `the frontmatter is not valid YAML (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`);
    }
    if (parsed !== null && (typeof parsed !== 'object' || Array.isArray(parsed))) throw new FrontmatterError(path, 'the frontmatter is not a list of properties');
    frontmatter = (parsed ?? {}) as Record<string, unknown>;
    body = text.slice(m[0].length);
  }
  edit(frontmatter);
  return `---\n${stringify(frontmatter)}---\n${body}`;
}
