// Rewriting a note's frontmatter as Obsidian's FileManager.processFrontMatter does: parse the YAML
// block, let the caller change the object, write the block back as the `yaml` package prints it,
// and leave the body byte for byte as it was. A block that is not valid YAML, or not a map, is
// refused: guessing would lose what the user wrote. A byte order mark stays first, before the
// block, and the block is written with the note's own line endings (CRLF when its first line ends so).
import { parse, stringify } from 'yaml';
import { afterByteOrderMark } from './frontmatter';
import { dominantEol } from './text-lines';

const BLOCK = /^---\r?\n(?:([\s\S]*?)\r?\n)?---(?:\r?\n|$)/;

/** The frontmatter block at the start of `text` (after its byte order mark), if there is one. */
function blockOf(text: string): { mark: string; match: RegExpExecArray | null; rest: string } {
  const from = afterByteOrderMark(text);
  const rest = text.slice(from);
  return { mark: text.slice(0, from), match: BLOCK.exec(rest), rest };
}

export type FrontmatterEdit = (frontmatter: Record<string, unknown>) => void;

export class FrontmatterError extends Error {
  constructor(path: string, reason: string) {
    super(`${path}: ${reason}; nothing was changed`);
    this.name = 'FrontmatterError';
  }
}

/** The note's text after its frontmatter block (the whole text when it has none). */
export function bodyAfterFrontmatter(text: string): string {
  const { match, rest } = blockOf(text);
  return match ? rest.slice(match[0].length) : text;
}

/** The note's properties as `rewriteFrontmatter` would see them ({} when there is no block). */
export function readFrontmatterForEdit(path: string, text: string): Record<string, unknown> {
  // Parsed only: printing the block back (as a rewrite does) doubled the cost of the journal's
  // check before each frontmatter edit.
  return parsedBlock(path, text).frontmatter;
}

/**
 * Blocks checked for an edit (checkFrontmatterForEdit), by their exact YAML text, with what the
 * parse gave: the edit of the note takes it instead of parsing the YAML again. A journaled job
 * checks a whole batch of notes (up to 256) before it edits the first, so one remembered block was
 * found only by the batch's last edit; this holds a batch's worth. Nobody else sees the parsed
 * value, and an edit takes it out, so each is handed out once. Parsing is deterministic, so a
 * block left here (its job refused) is still right for a later edit of the same YAML.
 */
const checked = new Map<string, unknown>();
const CHECKED_MAX = 1024;

/**
 * Refuses (FrontmatterError) a note whose frontmatter an edit could not change: not valid YAML,
 * or not a map. Keeps the parse for the note's edit that follows (see `checked`).
 */
export function checkFrontmatterForEdit(path: string, text: string): void {
  const { match } = blockOf(text);
  if (!match) return;
  const yaml = match[1] ?? '';
  const value = parsedYaml(path, yaml);
  if (checked.size >= CHECKED_MAX) checked.delete(checked.keys().next().value as string);
  checked.set(yaml, value);
}

/** The YAML's value, refused when it is not valid YAML or not a map (null for an empty block). */
function parsedYaml(path: string, yaml: string): unknown {
  let parsed: unknown;
  try {
    parsed = parse(yaml);
  } catch (e) {
    throw new FrontmatterError(path, `the frontmatter is not valid YAML (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`);
  }
  if (parsed !== null && (typeof parsed !== 'object' || Array.isArray(parsed))) throw new FrontmatterError(path, 'the frontmatter is not a list of properties');
  return parsed;
}

/** The block's properties, refused when they are not valid YAML or not a map, and what follows the block. */
function parsedBlock(path: string, text: string, forEdit = false): { mark: string; frontmatter: Record<string, unknown>; body: string; rest: string } {
  const { mark, match: m, rest } = blockOf(text);
  if (!m) return { mark, frontmatter: {}, body: rest, rest };
  const yaml = m[1] ?? '';
  let parsed: unknown;
  if (forEdit && checked.has(yaml)) {
    parsed = checked.get(yaml);
    checked.delete(yaml);
  } else parsed = parsedYaml(path, yaml);
  return { mark, frontmatter: (parsed ?? {}) as Record<string, unknown>, body: rest.slice(m[0].length), rest };
}

/** `text` with its frontmatter changed by `edit` (a block is added when there was none). */
export function rewriteFrontmatter(path: string, text: string, edit: FrontmatterEdit): string {
  const { mark, frontmatter, body, rest } = parsedBlock(path, text, true);
  edit(frontmatter);
  // A lone `\r` (classic Mac) is no line break to the block's reader: such notes get `\n`.
  const eol = dominantEol(rest) === '\r\n' ? '\r\n' : '\n';
  const yaml = stringify(frontmatter);
  return `${mark}---${eol}${eol === '\n' ? yaml : yaml.replace(/\n/g, eol)}---${eol}${body}`;
}
