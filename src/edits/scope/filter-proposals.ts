// `filter(proposals, policy)`: what the policy allows, and for every refused proposal the reason,
// in words the user (or the model) can act on. Runs when proposals are made and again when each
// is accepted, so a note that left the scope in between is caught.
import { checkVaultPath, createsHiddenName, extOf, keptNames } from '../../vault-vfs/path-safety';
import { hasPath, isNoteEdit, type PlannedOperation } from '../../vault-vfs/operations';
import type { Capability, Proposal, ScopePolicy } from './scope-policy';

export interface Refusal<P> {
  proposal: P;
  reason: string;
}

export interface FilterResult<P> {
  allowed: P[];
  refused: Refusal<P>[];
}

function inside(path: string, folder: string): boolean {
  const p = path.toLowerCase();
  const f = folder.toLowerCase();
  return f === '' || p === f || p.startsWith(f + '/');
}

/** Path safety, protected folders and walls for one path; null when the path is fine. */
function pathProblem(path: string, policy: ScopePolicy, mayHoldOthers: boolean, keep?: ReadonlySet<string>): string | null {
  // `keep`: names a moving file already has keep their bytes (a decomposed name is not made NFC).
  const check = checkVaultPath(path, { configDir: policy.configDir, ...(keep ? { keep } : {}) });
  if (!check.ok) return `"${path}": ${check.reason}`;
  if (check.path !== path) return `"${path}" is not a normalized vault path (it would be "${check.path}")`;
  if (inside(path, policy.pluginFolder)) return `"${path}" is in Reeve's own folder, which is protected`;
  for (const wall of policy.excludedFolders) {
    if (inside(path, wall)) return `"${path}" is in the excluded folder "${wall}"`;
    if (mayHoldOthers && inside(wall, path)) return `"${path}" holds the excluded folder "${wall}"`;
  }
  return null;
}

/** A note's path with a hidden segment: hidden folders are walls, and Reeve makes no hidden file. */
function hiddenProblem(path: string): string | null {
  return createsHiddenName(null, path) ? `"${path}" is hidden (a name starting with "."): Obsidian ignores hidden files and folders, and no agent reads or writes them` : null;
}

// Names Windows keeps for devices, with any extension: a note so named cannot be opened there.
const DEVICE_NAME = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;

/** A new note's name that Obsidian or another disk cannot hold as written; null when it can. */
function newNameProblem(path: string): string | null {
  const segments = path.split('/');
  // A note's own name is its stem too: "Plan .md" is the note "Plan ", with its space.
  const last = segments[segments.length - 1] ?? '';
  const stem = last.replace(/\.[^.]*$/, '');
  for (const segment of [...segments, ...(stem !== last ? [stem] : [])]) {
    if (segment !== segment.trim()) return `"${path}": the name "${segment}" starts or ends with a space, which Obsidian and other disks drop or refuse`;
    if (/\.$/.test(segment)) return `"${path}": the name "${segment}" ends with a dot, which Windows drops`;
    if (DEVICE_NAME.test(segment)) return `"${path}": "${segment}" is a device name on Windows; a note cannot be called that`;
  }
  return null;
}

function notNote(path: string): string | null {
  return extOf(path) === 'md' ? null : `"${path}" is not a markdown note; Reeve edits notes only`;
}

function capabilityProblem(policy: ScopePolicy, needed: readonly Capability[], what: string): string | null {
  const missing = needed.filter((c) => !policy.capabilities.has(c));
  if (missing.length === 0) return null;
  return `${what} needs the "${missing.join('" and "')}" permission${missing.length > 1 ? 's' : ''}, which this task does not have`;
}

function opPaths(op: PlannedOperation): { from: string; to: string | null } {
  return hasPath(op) ? { from: op.path, to: null } : { from: op.source, to: op.destination };
}

const OP_CAPABILITY: Record<PlannedOperation['type'], Capability> = {
  create_folder: 'move',
  move: 'move',
  rename: 'rename',
  trash: 'trash',
  add_tags: 'properties',
  remove_tags: 'properties',
  set_properties: 'properties',
};

function opWhat(op: PlannedOperation): string {
  if (op.type === 'create_folder') return 'creating a folder';
  return isNoteEdit(op) ? `editing tags and properties (${op.type})` : `a ${op.type}`;
}

function opProblem(op: PlannedOperation, policy: ScopePolicy): string | null {
  const cap = capabilityProblem(policy, [OP_CAPABILITY[op.type]], opWhat(op));
  if (cap) return cap;
  if (isNoteEdit(op)) {
    const note = notNote(op.path);
    if (note) return note;
  }
  const { from, to } = opPaths(op);
  const kept = keptNames(from);
  const p = pathProblem(from, policy, true, kept) ?? (to === null ? null : pathProblem(to, policy, true, kept));
  if (p) return p;
  const made = op.type === 'create_folder' ? { from: null, to: from } : to === null ? null : { from, to };
  if (made !== null && createsHiddenName(made.from, made.to)) return `"${made.to}" would create a hidden name (starting with "."); Reeve never makes hidden files or folders`;
  for (const path of to === null ? [from] : [from, to]) {
    if (!policy.opsInScope(path)) return `"${path}" is outside ${policy.scopeText}`;
  }
  const root = policy.organizeFolder;
  if (root !== null) {
    const origin = op.type === 'create_folder' ? null : from;
    if (origin !== null && !inside(origin, root)) return `"${origin}" is outside the folder being organized ("${root || '/'}")`;
    const target = op.type === 'create_folder' ? from : to;
    if (target !== null && !policy.allowOutside && !inside(target, root)) {
      return `"${target}" is outside the folder being organized ("${root || '/'}"); moving out of it was not allowed`;
    }
  }
  return null;
}

function proposalProblem(p: Proposal, policy: ScopePolicy): string | null {
  switch (p.kind) {
    case 'edit': {
      const needed: Capability[] = p.type === 'add' ? ['add'] : p.type === 'delete' ? ['delete'] : ['add', 'delete'];
      return (
        capabilityProblem(policy, needed, p.type === 'replace' ? 'replacing text' : p.type === 'add' ? 'adding text' : 'deleting text') ??
        pathProblem(p.file, policy, false) ??
        hiddenProblem(p.file) ??
        notNote(p.file) ??
        (policy.editable(p.file) ? null : `"${p.file}" is outside the editable scope: ${policy.scopeText}`)
      );
    }
    case 'create':
      return (
        capabilityProblem(policy, ['create'], 'creating a note') ??
        pathProblem(p.file, policy, false) ??
        hiddenProblem(p.file) ??
        newNameProblem(p.file) ??
        notNote(p.file) ??
        (policy.creatable(p.file) ? null : policy.createText === null ? `"${p.file}" is outside the editable scope: ${policy.scopeText}` : `"${p.file}" is outside ${policy.createText}, where new notes may go in this scope`)
      );
    case 'open':
      return capabilityProblem(policy, ['navigate'], 'opening a note') ?? pathProblem(p.file, policy, false) ?? hiddenProblem(p.file);
    case 'op':
      return opProblem(p.op, policy);
  }
}

export function filter<P extends Proposal>(proposals: readonly P[], policy: ScopePolicy): FilterResult<P> {
  const result: FilterResult<P> = { allowed: [], refused: [] };
  const opCount = proposals.filter((p) => p.kind === 'op').length;
  const overLimit = opCount > policy.operationLimit;
  for (const p of proposals) {
    const reason =
      p.kind === 'op' && overLimit
        ? `the plan has ${opCount} operations, more than the limit of ${policy.operationLimit}; organize a smaller folder or narrow the rules`
        : proposalProblem(p, policy);
    if (reason === null) result.allowed.push(p);
    else result.refused.push({ proposal: p, reason });
  }
  return result;
}

/** The proposal form of a planned operation. */
export function opProposal(op: PlannedOperation): { kind: 'op'; op: PlannedOperation } {
  return { kind: 'op', op };
}
