// The policy a proposal was made under, in a form the ledger can store: the scope policy's
// functions cannot be written to disk, so the ledger keeps the choices they were built from and
// rebuilds a policy from them at accept time: the scope as the user chose it, the capabilities
// and the walls. The note an edit was proposed for is bound by the ledger entry itself (a note
// renamed since keeps its blocks), so the scopes that name notes (current, linked, context) hold
// an accepted block to what they say of new notes (beside the current note); folder globs hold
// the note's path to those folders, wherever it has gone since. Entries written before the scope
// was recorded read as the whole vault, as they were checked then.
import { buildScopePolicy, EDIT_CAPABILITIES, ORGANIZE_CAPABILITIES, type Capability, type EditableScope, type ScopePolicy } from '../../scope/scope-policy';

export interface LedgerPolicy {
  capabilities: Capability[];
  excludedFolders: string[];
  /** The scope an edit was proposed under (absent in entries older than this field, and for plans). */
  scope?: EditableScope;
  /** The note the user was in, for the `current` and `linked` scopes. */
  currentNote?: string;
  /** Organize plans: the folder organized ('' for the vault root). */
  organizeFolder?: string;
  allowOutside?: boolean;
  operationLimit?: number;
}

/** What the ledger stores of a scope policy. */
export function ledgerPolicyOf(policy: ScopePolicy): LedgerPolicy {
  const out: LedgerPolicy = { capabilities: [...policy.capabilities].sort(), excludedFolders: [...policy.excludedFolders] };
  if (policy.organizeFolder === null) {
    out.scope = typeof policy.scope === 'string' ? policy.scope : { folders: [...policy.scope.folders] };
    if ((policy.scope === 'current' || policy.scope === 'linked') && policy.currentNote !== null) out.currentNote = policy.currentNote;
  }
  if (policy.organizeFolder !== null) {
    out.organizeFolder = policy.organizeFolder;
    out.allowOutside = policy.allowOutside;
    out.operationLimit = policy.operationLimit;
  }
  return out;
}

/** A scope policy equivalent to the recorded one (for organize, as `organizeScopePolicy` builds it). */
export function policyFromLedger(configDir: string, p: LedgerPolicy): ScopePolicy {
  if (p.organizeFolder === undefined && p.scope !== undefined) return editPolicyFromLedger(configDir, p, p.scope);
  const folder = p.organizeFolder;
  const scopeFolder = folder === undefined || folder === '' || p.allowOutside === true ? '**' : folder;
  return buildScopePolicy({
    configDir,
    scope: { folders: [scopeFolder] },
    capabilities: p.capabilities,
    excludedFolders: p.excludedFolders,
    ...(folder !== undefined ? { organizeFolder: folder, allowOutside: p.allowOutside ?? false } : {}),
    ...(p.operationLimit !== undefined ? { operationLimit: p.operationLimit } : {}),
  });
}

function editPolicyFromLedger(configDir: string, p: LedgerPolicy, scope: EditableScope): ScopePolicy {
  const built = buildScopePolicy({ configDir, scope, capabilities: p.capabilities, excludedFolders: p.excludedFolders, currentNote: p.currentNote ?? null });
  // Folder globs are paths: the note must still be in them. The other scopes named notes, and the
  // ledger entry binds the block to its note already.
  return typeof scope === 'string' ? { ...built, editable: () => true } : built;
}

function readScope(v: unknown): EditableScope | null | undefined {
  if (v === undefined) return undefined;
  if (v === 'current' || v === 'linked' || v === 'context') return v;
  if (typeof v === 'object' && v !== null && Array.isArray((v as { folders?: unknown }).folders)) {
    const folders = (v as { folders: unknown[] }).folders;
    if (folders.every((f) => typeof f === 'string')) return { folders };
  }
  return null;
}

/** Reads a stored policy back, or null when it is not one. */
export function readLedgerPolicy(v: unknown): LedgerPolicy | null {
  if (typeof v !== 'object' || v === null) return null;
  const r = v as Record<string, unknown>;
  const known: readonly string[] = [...EDIT_CAPABILITIES, ...ORGANIZE_CAPABILITIES];
  if (!Array.isArray(r.capabilities) || !r.capabilities.every((c) => typeof c === 'string' && known.includes(c))) return null;
  if (!Array.isArray(r.excludedFolders) || !r.excludedFolders.every((c) => typeof c === 'string')) return null;
  const out: LedgerPolicy = { capabilities: r.capabilities as Capability[], excludedFolders: r.excludedFolders };
  const scope = readScope(r.scope);
  // A scope that cannot be read is no policy: its blocks then ask for a confirmation.
  if (scope === null) return null;
  if (scope !== undefined) out.scope = scope;
  if (typeof r.currentNote === 'string') out.currentNote = r.currentNote;
  if (typeof r.organizeFolder === 'string') out.organizeFolder = r.organizeFolder;
  if (typeof r.allowOutside === 'boolean') out.allowOutside = r.allowOutside;
  if (typeof r.operationLimit === 'number') out.operationLimit = r.operationLimit;
  return out;
}
