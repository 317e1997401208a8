// Resolves a whole answer: every instruction against the original text of its note, then refuses
// any edit that overlaps an earlier one in the same note (in answer order), so that several edits
// to one note can be applied together, bottom to top, against the original.
import { CaseFolded } from '../../vault-vfs/case-folded';
import { extOf, checkVaultPath } from '../../vault-vfs/path-safety';
import type { VaultPort } from '../../vault-vfs/vault-port';
import { applyLineEdits, lineEditsOverlap } from '../text/lines';
import type { EditInstruction, TaskAnswer } from './edit-instruction';
import { findBlocks, type FoundBlock } from '../pending/find-blocks';
import { pendingBlockProblem } from './pending-guard';
import { resolveInstruction } from './resolve-instruction';
import { lineEditOf, type ResolvedCreate, type ResolvedEdit, type ResolvedOpen } from './resolved-edit';

export interface EditNotice {
  file: string;
  /** Index of the instruction in the answer's `edits`. */
  index: number;
  message: string;
}

export interface EditPlan {
  edits: ResolvedEdit[];
  creates: ResolvedCreate[];
  opens: ResolvedOpen[];
  alreadyApplied: EditNotice[];
  refused: EditNotice[];
  /** The text each edited note had when its edits were resolved, to refuse stale writes. */
  sources: Record<string, string>;
}

/** Reads a note's text, or null when there is no such note. */
export type NoteReader = (path: string) => Promise<string | null>;

function describe(e: ResolvedEdit): string {
  return `edits[${e.index}] (${e.source}, lines ${e.from + 1}-${Math.max(e.to, e.from + 1)})`;
}

export async function resolveInstructions(instructions: readonly EditInstruction[], read: NoteReader): Promise<EditPlan> {
  const plan: EditPlan = { edits: [], creates: [], opens: [], alreadyApplied: [], refused: [], sources: {} };
  const texts = new Map<string, string | null>();
  const unreadable = new Map<string, string>();
  const blocks = new Map<string, FoundBlock[]>();
  for (const ins of instructions) {
    if (!texts.has(ins.file) && !unreadable.has(ins.file)) {
      try {
        texts.set(ins.file, await read(ins.file));
      } catch (e) {
        unreadable.set(ins.file, `the note could not be read (${diskCode(e)})`);
      }
    }
    const cannot = unreadable.get(ins.file);
    if (cannot !== undefined) {
      plan.refused.push({ file: ins.file, index: ins.index, message: cannot });
      continue;
    }
    const outcome = resolveInstruction(ins, texts.get(ins.file) ?? null);
    if (outcome.status === 'refused') plan.refused.push({ file: outcome.file, index: outcome.index, message: outcome.message });
    else if (outcome.status === 'already-applied') plan.alreadyApplied.push({ file: outcome.file, index: outcome.index, message: outcome.message });
    else {
      const r = outcome.edit;
      if (r.kind === 'open') plan.opens.push(r);
      else if (r.kind === 'create') {
        const twin = plan.creates.find((c) => c.file === r.file);
        if (twin) plan.refused.push({ file: r.file, index: r.index, message: `edits[${twin.index}] already creates this note` });
        else plan.creates.push(r);
      } else {
        const clash = plan.edits.find((o) => o.file === r.file && lineEditsOverlap(lineEditOf(o), lineEditOf(r)));
        if (!blocks.has(r.file)) blocks.set(r.file, findBlocks(texts.get(r.file) ?? ''));
        const pending = pendingBlockProblem(r, blocks.get(r.file) ?? []);
        if (pending !== null) plan.refused.push({ file: r.file, index: r.index, message: pending });
        else if (clash) plan.refused.push({ file: r.file, index: r.index, message: `overlaps ${describe(clash)}; combine them into one edit` });
        else {
          plan.edits.push(r);
          plan.sources[r.file] = texts.get(r.file) ?? '';
        }
      }
    }
  }
  return plan;
}

/** Applies the resolved edits of one note to its original text. */
export function applyResolvedEdits(text: string, edits: readonly ResolvedEdit[]): string {
  return applyLineEdits(text, edits.map(lineEditOf));
}

/**
 * Where an instruction's `file` points in the vault: the path made safe and normalized, with
 * `.md` added when the model left it off (for a note that exists that way, or a new note).
 */
export async function locateNote(port: VaultPort, file: string, creating: boolean): Promise<{ ok: true; path: string } | { ok: false; reason: string }> {
  const check = checkVaultPath(file, { configDir: port.configDir });
  if (!check.ok) return check;
  if (extOf(check.path) !== '') return check;
  if (creating || (!(await port.exists(check.path)) && (await port.exists(check.path + '.md')))) return { ok: true, path: check.path + '.md' };
  return check;
}

/**
 * Why a safe vault path still cannot be a note on this disk: a note where a folder should be (a
 * name too long is refused by checkVaultPath already). Said in vault terms; the disk's own error
 * would name the absolute path.
 */
async function diskProblem(port: VaultPort, path: string): Promise<string | null> {
  const parts = path.split('/');
  for (let i = 1; i < parts.length; i++) {
    const folder = parts.slice(0, i).join('/');
    if ((await port.stat(folder)) !== null) return `${folder} is a ${extOf(folder) === 'md' ? 'note' : 'file'}, not a folder, so nothing can be inside it`;
  }
  return null;
}

/** The vault's names ignoring case, listed once per answer and only for one that creates a note. */
type Names = () => Promise<{ exact: ReadonlySet<string>; folded: CaseFolded }>;

function vaultNames(port: VaultPort): Names {
  let names: ReturnType<Names> | null = null;
  return () =>
    (names ??= port.list().then((entries) => {
      const folded = new CaseFolded();
      for (const e of entries) folded.add(e.path);
      return { exact: new Set(entries.map((e) => e.path)), folded };
    }));
}

/**
 * A new note (or a folder on its way) whose name differs only by case from one the vault holds:
 * Obsidian, Windows and macOS see one name, so it would land on the other or beside it as a twin.
 */
async function caseTwinProblem(names: Names, path: string): Promise<string | null> {
  const { exact, folded } = await names();
  const parts = path.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const prefix = parts.slice(0, i).join('/');
    if (exact.has(prefix)) continue;
    const other = folded.get(prefix)[0];
    if (other !== undefined) return `"${prefix}" differs only by case from "${other}", which exists: Obsidian, Windows and macOS take them for one name; use "${other}"`;
    return null;
  }
  return null;
}

/** Where a note's path leads, or why it leads nowhere: the vault's answer, never the disk's error. */
async function located(port: VaultPort, names: Names, file: string, creating: boolean): Promise<{ ok: true; path: string } | { ok: false; reason: string }> {
  const safe = checkVaultPath(file, { configDir: port.configDir });
  if (!safe.ok) return safe;
  const problem = await diskProblem(port, safe.path);
  if (problem !== null) return { ok: false, reason: problem };
  try {
    const where = await locateNote(port, file, creating);
    const twin = where.ok && creating ? await caseTwinProblem(names, where.path) : null;
    return twin === null ? where : { ok: false, reason: twin };
  } catch (e) {
    return { ok: false, reason: `the note could not be looked up (${diskCode(e)})` };
  }
}

/** A disk error as its code alone ("EACCES"): its message names the absolute path. */
function diskCode(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'an error of the disk';
}

/** Resolves an answer against the vault: unsafe paths are refused before anything is read. */
export async function resolveAnswer(port: VaultPort, answer: TaskAnswer): Promise<EditPlan> {
  const unsafe: EditNotice[] = [];
  const paths: EditInstruction[] = [];
  const names = vaultNames(port);
  for (const e of answer.edits) {
    const creating = e.kind === 'positioned' && e.position.kind === 'create';
    const where = await located(port, names, e.file, creating);
    if (!where.ok) unsafe.push({ file: e.file, index: e.index, message: where.reason });
    else paths.push({ ...e, file: where.path });
  }
  // stat() is null for folders and missing files alike: both are "no such note" to an edit. A
  // note the disk will not read is refused on its own, in resolveInstructions, never the answer.
  const plan = await resolveInstructions(paths, async (path) => ((await port.stat(path)) ? port.read(path) : null));
  plan.refused.push(...unsafe);
  plan.refused.sort((a, b) => a.index - b.index);
  return plan;
}
