// Rules to operations. Rules run by descending priority and the first that matches a file claims
// it. Each claimed file gets a destination (thenMoveTo relative to the organized folder, the
// name from thenRenameTo), made legal and free of collisions; the plan is every folder that has
// to be created (parents first), then the moves and renames, then the edits of notes' tags and
// properties (each after its note's move; an edit names the note by its path now). Nothing here
// touches the vault; notes are read for their frontmatter only when a rule edits them.

import { CaseFolded } from '../vault-vfs/case-folded';
import type { FileRecord } from '../vault-vfs/file-record';
import type { PlannedOperation } from '../vault-vfs/operations';
import { checkVaultPath, extOf, keptNames, nameOf, parentOf } from '../vault-vfs/path-safety';
import type { VaultEntry, VaultPort } from '../vault-vfs/vault-port';
import { ContentKeywordSimilarity } from './content-similarity';
import { prepareScope, type EvaluationOptions } from './evaluate';
import { isInFolder, recordsFromVault } from './file-records';
import { expandPattern, legalName } from './rename-pattern';
import { ruleEditOps } from './rule-edit-ops';
import { byPriority, type CompiledRule } from './rules';
import type { SimilarityKind } from './similarity';
import { TwinNames } from './twin-names';

export interface PlanOptions extends EvaluationOptions {
  /** The folder being organized; '' for the whole vault. Only files inside it are planned. */
  folder: string;
  /** The vault's config folder (VaultPort.configDir); destinations inside it are refused. */
  configDir: string;
  /** Allow `thenMoveTo` with a leading `/` to move files out of the organized folder. */
  allowOutside?: boolean;
  /** What the vault holds now, for collisions and folder creation. Defaults to the records. */
  existing?: readonly VaultEntry[];
  /** Operation ids; defaults to `rule-op-1`, `rule-op-2`, ... in plan order. */
  makeOpId?: (index: number) => string;
  /** Reads a note a rule edits; defaults to the record's readContent. */
  readNote?: (path: string) => Promise<string>;
}

export interface PlanConflict {
  kind: 'collision' | 'refused';
  paths: string[];
  detail: string;
  /** The rule whose match it is. */
  rule: string;
}

export interface RuleMatch {
  path: string;
  rule: string;
  /** Where the file goes; equal to `path` when it is already there; null when refused. */
  destination: string | null;
}

export interface RulePlan {
  operations: PlannedOperation[];
  matches: RuleMatch[];
  conflicts: PlanConflict[];
  /** Files a rule matched that are already where the rule would put them. */
  unchanged: number;
  similarityUsed: SimilarityKind | null;
}

const join = (...parts: string[]): string => parts.filter((p) => p !== '').join('/');

type Destination = { ok: true; path: string } | { ok: false; reason: string };

function destinationOf(rule: CompiledRule, record: FileRecord, opts: PlanOptions): Destination {
  // The file's folder as the path spells it (record.folder is in NFC, for matching).
  let folder = parentOf(record.path);
  if (rule.moveTo !== null) {
    const segments: string[] = [];
    for (const parts of rule.moveTo.segments) {
      const segment = legalName(expandPattern(parts, record), false);
      if (segment === '' || segment === '..' || segment === '.') {
        return { ok: false, reason: `"thenMoveTo" "${rule.moveTo.source}" gives an empty folder name for ${record.path}` };
      }
      segments.push(segment);
    }
    if (rule.moveTo.fromRoot && opts.folder !== '' && opts.allowOutside !== true) {
      return { ok: false, reason: `"thenMoveTo" "${rule.moveTo.source}" starts at the vault root, outside ${opts.folder}; allow moves out of the folder to use it (--allow-outside, or "Allow moves out of the folder" in the settings)` };
    }
    folder = join(rule.moveTo.fromRoot ? '' : opts.folder, ...segments);
  }
  let name = nameOf(record.path);
  if (rule.renameTo !== null) {
    const isNote = record.ext === 'md';
    name = legalName(expandPattern(rule.renameTo.parts, record), isNote);
    if (record.ext !== '' && !name.toLowerCase().endsWith(`.${record.ext}`)) name = `${name}.${record.ext}`;
    const stem = record.ext === '' ? name : name.slice(0, -(record.ext.length + 1));
    if (legalName(stem, isNote) === '') {
      return { ok: false, reason: `"thenRenameTo" "${rule.renameTo.source}" gives an empty name for ${record.path}` };
    }
  }
  const path = join(folder, name);
  if (opts.allowOutside !== true && !isInFolder(path, opts.folder)) {
    return { ok: false, reason: `${path} is outside the organized folder ${opts.folder}` };
  }
  // Names the file already has keep their bytes (keptNames): a decomposed `Café.md` beside a
  // composed one is another file, and made NFC its destination would be its twin's.
  const check = checkVaultPath(path, { configDir: opts.configDir, keep: keptNames(record.path) });
  return check.ok ? { ok: true, path: check.path } : { ok: false, reason: `${path}: ${check.reason}` };
}

/**
 * `a.pdf` -> `a 1.pdf`, `a 2.pdf`, ... until the name is free. `next` remembers the last number
 * tried per name, so many files with one name stay linear.
 */
/**
 * `path` with the first ` N` before its extension that no held name takes (ignoring case); `next`
 * remembers where to go on from for the same wanted name, so many collisions stay linear.
 */
export function freeName(path: string, taken: Pick<CaseFolded, 'has'>, ext = extOf(path), next = new Map<string, number>()): string {
  const stem = ext === '' ? path : path.slice(0, -(ext.length + 1));
  const suffix = ext === '' ? '' : `.${ext}`;
  const key = path.toLowerCase();
  for (let n = next.get(key) ?? 1; ; n++) {
    const candidate = `${stem} ${n}${suffix}`;
    if (!taken.has(candidate)) {
      next.set(key, n + 1);
      return candidate;
    }
  }
}

export async function planRules(rules: readonly CompiledRule[], records: readonly FileRecord[], opts: PlanOptions): Promise<RulePlan> {
  const ordered = byPriority(rules);
  const inScope = records.filter((r) => isInFolder(r.path, opts.folder)).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const prepared = await prepareScope(ordered.map((r) => r.condition), inScope, opts);
  const existing = opts.existing ?? records.map((r): VaultEntry => ({ kind: 'file', path: r.path, stat: { size: r.size, ctime: r.ctime, mtime: r.mtime } }));
  // Every spelling of each taken name: a case-sensitive disk can hold `Case.md` beside `case.md`.
  const taken = new CaseFolded();
  for (const e of existing) taken.add(e.path);
  // Lower-case path -> the spelling on disk, so moves into `documents` do not create `Documents`.
  const folderCase = new Map<string, string>();
  for (const e of existing) if (e.kind === 'folder') folderCase.set(e.path.toLowerCase(), e.path);
  // A file's folders exist even when the listing names only the file.
  const filePaths = [...records.map((r) => r.path), ...existing.filter((e) => e.kind === 'file').map((e) => e.path)];
  for (const p of filePaths) {
    for (let f = parentOf(p); f !== ''; f = parentOf(f)) if (!folderCase.has(f.toLowerCase())) folderCase.set(f.toLowerCase(), f);
  }
  const folders = new Set(folderCase.keys());
  const spelled = (path: string): string => {
    const segments = path.split('/');
    let out = '';
    for (const [i, segment] of segments.entries()) {
      const next = out === '' ? segment : `${out}/${segment}`;
      out = i < segments.length - 1 ? (folderCase.get(next.toLowerCase()) ?? next) : next;
    }
    return out;
  };

  const matches: RuleMatch[] = [];
  const conflicts: PlanConflict[] = [];
  const refusedByReason = new Map<string, PlanConflict>();
  const moves: PlannedOperation[] = [];
  const edits: PlannedOperation[] = [];
  const newFolders: { path: string; rule: string }[] = [];
  let unchanged = 0;
  const nextSuffix = new Map<string, number>();
  const twins = new TwinNames(inScope.map((r) => r.path));

  for (const record of inScope) {
    const rule = ordered.find((r) => r.condition.predicate(record, prepared.scope) && !twins.leavesOut(r.condition.source, record.path));
    if (rule === undefined) continue;
    const dest: Destination =
      rule.edits !== null && record.ext !== 'md'
        ? { ok: false, reason: `only notes can be edited; ${record.path} is an attachment, so the rule's tags and properties cannot be set on it` }
        : destinationOf(rule, record, opts);
    if (!dest.ok) {
      matches.push({ path: record.path, rule: rule.name, destination: null });
      const key = `${rule.name}\u0000${dest.reason.replace(record.path, '')}`;
      const grouped = refusedByReason.get(key);
      if (grouped) grouped.paths.push(record.path);
      else {
        const conflict: PlanConflict = { kind: 'refused', paths: [record.path], detail: `rule "${rule.name}": ${dest.reason}`, rule: rule.name };
        refusedByReason.set(key, conflict);
        conflicts.push(conflict);
      }
      continue;
    }
    // Unchanged: where the rule puts it, with the tags and properties it sets (a refused edit is not).
    let settled = true;
    if (rule.edits !== null) {
      const made = await ruleEditOps(rule, record, opts.readNote);
      settled = made.ok && made.operations.length === 0;
      if (made.ok) edits.push(...made.operations);
      else conflicts.push({ kind: 'refused', paths: [record.path], detail: `rule "${rule.name}": ${made.reason}; its tags and properties are left as they are`, rule: rule.name });
    }
    let target = spelled(dest.path);
    if (target === record.path) {
      if (settled) unchanged++;
      matches.push({ path: record.path, rule: rule.name, destination: target });
      continue;
    }
    // Taken ignoring case by anything but the file itself: Obsidian takes `Case.md` and `case.md`
    // for one name, so no file is put beside a name differing from its own only in case.
    const holder = taken.get(target).find((t) => t !== record.path);
    if (holder !== undefined) {
      const wanted = target;
      target = freeName(wanted, taken, record.ext, nextSuffix);
      const why = holder === wanted ? `${wanted} is taken` : `${wanted} differs only in case from ${holder}, which Obsidian takes for the same name`;
      conflicts.push({ kind: 'collision', paths: [record.path, wanted], detail: `${why}; ${record.path} goes to ${target} instead (rule "${rule.name}")`, rule: rule.name });
    }
    const parent = parentOf(target);
    const blocked = ancestors(parent).find((f) => taken.has(f) && !folders.has(f.toLowerCase()));
    if (blocked !== undefined) {
      matches.push({ path: record.path, rule: rule.name, destination: null });
      conflicts.push({ kind: 'refused', paths: [record.path], detail: `rule "${rule.name}": ${blocked} is a file, so no folder can be created there`, rule: rule.name });
      continue;
    }
    taken.add(target);
    for (const f of ancestors(parent)) {
      if (folders.has(f.toLowerCase())) continue;
      folders.add(f.toLowerCase());
      folderCase.set(f.toLowerCase(), f);
      newFolders.push({ path: f, rule: rule.name });
    }
    matches.push({ path: record.path, rule: rule.name, destination: target });
    const reason = `matches ${rule.condition.normalized}`;
    const type = parent === parentOf(record.path) ? 'rename' : 'move';
    moves.push({ opId: '', type, source: record.path, destination: target, rule: rule.name, reason });
  }

  const makeId = opts.makeOpId ?? ((i: number) => `rule-op-${i + 1}`);
  const operations: PlannedOperation[] = [
    ...newFolders.map((f): PlannedOperation => ({ opId: '', type: 'create_folder', path: f.path, rule: f.rule, reason: 'a rule moves files here' })),
    ...moves,
    ...edits,
  ].map((op, i) => ({ ...op, opId: makeId(i) }));
  return { operations, matches, conflicts, unchanged, similarityUsed: prepared.similarityUsed };
}

/** `a/b/c` -> `a`, `a/b`, `a/b/c` (parents first). */
function ancestors(folder: string): string[] {
  const out: string[] = [];
  for (let i = folder.indexOf('/'); i !== -1; i = folder.indexOf('/', i + 1)) out.push(folder.slice(0, i));
  if (folder !== '') out.push(folder);
  return out;
}

/** Plans rules for a folder of a vault: records and the listing come from the port. */
export async function planRulesOnVault(
  port: VaultPort,
  rules: readonly CompiledRule[],
  opts: Omit<PlanOptions, 'existing' | 'configDir'>,
): Promise<RulePlan> {
  const [records, existing] = await Promise.all([recordsFromVault(port, opts.folder), port.list()]);
  // Without an index, vector_similarity is scored by the words in the files, as organize does.
  const similarity = opts.similarity ?? { keyword: new ContentKeywordSimilarity(records) };
  return planRules(rules, records, { readNote: (p) => port.read(p), ...opts, similarity, existing, configDir: port.configDir });
}
