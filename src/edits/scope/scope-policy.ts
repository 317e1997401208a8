// The scope policy: what an agent may change, decided in code and never by the model. It is
// built once per task (or plan) from the user's choices and the vault's links, and `filter`
// applies it when proposals are made and again when each is accepted.
import type { PlannedOperation } from '../../vault-vfs/operations';
import { parentOf } from '../../vault-vfs/path-safety';
import { compileFolderGlob, type PathMatcher } from './folder-glob';
import { stateFolder } from '../../vault-vfs/state-folder';

export const EDIT_CAPABILITIES = ['add', 'delete', 'create', 'navigate'] as const;
/** `properties`: a rule's edits of notes' tags and properties (add_tags, remove_tags, set_properties). */
export const ORGANIZE_CAPABILITIES = ['move', 'rename', 'trash', 'properties'] as const;
export type EditCapability = (typeof EDIT_CAPABILITIES)[number];
export type OrganizeCapability = (typeof ORGANIZE_CAPABILITIES)[number];
export type Capability = EditCapability | OrganizeCapability;

/** `current`, `linked`, `context`, or folder globs. */
export type EditableScope = 'current' | 'linked' | 'context' | { folders: readonly string[] };

export const DEFAULT_OPERATION_LIMIT = 5000;

export interface ScopePolicyInput {
  configDir: string;
  scope: EditableScope;
  capabilities: readonly Capability[];
  /** Folders nothing may read from, write into, or move across. */
  excludedFolders?: readonly string[];
  /** The note the user is in; required for `current` and `linked`. */
  currentNote?: string | null;
  /** Notes in the agent's context (attached or found), for `context`. */
  contextNotes?: readonly string[];
  /** source -> target -> count, as `VaultPort.resolvedLinks()`, for `linked`. */
  resolvedLinks?: Record<string, Record<string, number>>;
  /** The folder being organized ('' for the vault root); operations must start inside it. */
  organizeFolder?: string;
  /** Whether operations may put things outside `organizeFolder`. */
  allowOutside?: boolean;
  /** Most operations a plan may hold; default 5,000. */
  operationLimit?: number;
}

export interface ScopePolicy {
  readonly configDir: string;
  /** The scope the user chose, as chosen (the ledger records it with every proposal). */
  readonly scope: EditableScope;
  /** The note the user was in when the policy was built (the home of `current` and `linked`). */
  readonly currentNote: string | null;
  /** The plugin's own folder, protected on top of the config folder. */
  readonly pluginFolder: string;
  readonly capabilities: ReadonlySet<Capability>;
  readonly excludedFolders: readonly string[];
  /** Whether an existing note may be edited. */
  readonly editable: PathMatcher;
  /** Whether a new note may be created at a path (before walls and path safety). */
  readonly creatable: PathMatcher;
  /** Human description of the scope, for refusal messages. */
  readonly scopeText: string;
  /** Where new notes may go when `creatable` is narrower than the scope's folders; null otherwise. */
  readonly createText: string | null;
  readonly organizeFolder: string | null;
  readonly allowOutside: boolean;
  readonly operationLimit: number;
  /** Whether operation paths must also fall in the folder globs. */
  readonly opsInScope: PathMatcher;
}

function linkedTo(note: string, links: Record<string, Record<string, number>>): Set<string> {
  const out = new Set<string>([note]);
  for (const target of Object.keys(links[note] ?? {})) out.add(target);
  for (const [source, targets] of Object.entries(links)) if (targets[note] !== undefined) out.add(source);
  return out;
}

export function buildScopePolicy(input: ScopePolicyInput): ScopePolicy {
  const current = input.currentNote ?? null;
  let editable: PathMatcher;
  let creatable: PathMatcher = () => true;
  let opsInScope: PathMatcher = () => true;
  let scopeText: string;
  let createText: string | null = null;
  if (input.scope === 'current' || input.scope === 'linked') {
    // A scope around the current note creates beside it, never anywhere in the vault.
    const home = current === null ? null : parentOf(current).toLowerCase();
    creatable = (p) => home !== null && parentOf(p).toLowerCase() === home;
    createText = current === null ? 'no folder: no note is open' : `the current note's folder ("${parentOf(current) || '/'}")`;
  }
  if (input.scope === 'current') {
    editable = (p) => p === current;
    scopeText = current ? `only the current note (${current})` : 'only the current note, and no note is open';
  } else if (input.scope === 'linked') {
    const set = current ? linkedTo(current, input.resolvedLinks ?? {}) : new Set<string>();
    editable = (p) => set.has(p);
    scopeText = current ? `the current note (${current}) and the ${set.size - 1} notes linked to or from it` : 'linked notes, and no note is open';
  } else if (input.scope === 'context') {
    const set = new Set<string>([...(current ? [current] : []), ...(input.contextNotes ?? [])]);
    editable = (p) => set.has(p);
    scopeText = `the ${set.size} notes in the agent's context`;
  } else {
    const matchers = input.scope.folders.map(compileFolderGlob);
    editable = (p) => matchers.some((m) => m(p));
    creatable = editable;
    opsInScope = editable;
    scopeText = `the folders ${input.scope.folders.map((f) => `"${f}"`).join(', ')}`;
  }
  return {
    configDir: input.configDir,
    scope: typeof input.scope === 'string' ? input.scope : { folders: [...input.scope.folders] },
    currentNote: current,
    pluginFolder: stateFolder(input.configDir),
    capabilities: new Set(input.capabilities),
    excludedFolders: (input.excludedFolders ?? []).map((f) => f.replace(/^\/+|\/+$/g, '')).filter((f) => f !== ''),
    editable,
    creatable,
    scopeText,
    createText,
    organizeFolder: input.organizeFolder === undefined ? null : input.organizeFolder.replace(/^\/+|\/+$/g, ''),
    allowOutside: input.allowOutside ?? false,
    operationLimit: input.operationLimit ?? DEFAULT_OPERATION_LIMIT,
    opsInScope,
  };
}

/** What `filter` judges: resolved edits, new notes, notes to open, and planned operations. */
export type Proposal =
  | { kind: 'edit'; file: string; type: 'add' | 'replace' | 'delete' }
  | { kind: 'create'; file: string }
  | { kind: 'open'; file: string }
  | { kind: 'op'; op: PlannedOperation };
