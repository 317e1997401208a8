// The policy a proposal was made under, in a form the ledger can store: the scope policy's
// functions cannot be written to disk, so the ledger keeps the choices they were built from and
// rebuilds a policy from them at accept time. The note an edit was proposed for is bound by the
// ledger entry itself, so an edit's recorded scope only needs its capabilities and walls.
import { buildScopePolicy, EDIT_CAPABILITIES, ORGANIZE_CAPABILITIES, type Capability, type ScopePolicy } from '../../scope/scope-policy';

export interface LedgerPolicy {
  capabilities: Capability[];
  excludedFolders: string[];
  /** Organize plans: the folder organized ('' for the vault root). */
  organizeFolder?: string;
  allowOutside?: boolean;
  operationLimit?: number;
}

/** What the ledger stores of a scope policy. */
export function ledgerPolicyOf(policy: ScopePolicy): LedgerPolicy {
  const out: LedgerPolicy = { capabilities: [...policy.capabilities].sort(), excludedFolders: [...policy.excludedFolders] };
  if (policy.organizeFolder !== null) {
    out.organizeFolder = policy.organizeFolder;
    out.allowOutside = policy.allowOutside;
    out.operationLimit = policy.operationLimit;
  }
  return out;
}

/** A scope policy equivalent to the recorded one (for organize, as `organizeScopePolicy` builds it). */
export function policyFromLedger(configDir: string, p: LedgerPolicy): ScopePolicy {
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

/** Reads a stored policy back, or null when it is not one. */
export function readLedgerPolicy(v: unknown): LedgerPolicy | null {
  if (typeof v !== 'object' || v === null) return null;
  const r = v as Record<string, unknown>;
  const known: readonly string[] = [...EDIT_CAPABILITIES, ...ORGANIZE_CAPABILITIES];
  if (!Array.isArray(r.capabilities) || !r.capabilities.every((c) => typeof c === 'string' && known.includes(c))) return null;
  if (!Array.isArray(r.excludedFolders) || !r.excludedFolders.every((c) => typeof c === 'string')) return null;
  const out: LedgerPolicy = { capabilities: r.capabilities as Capability[], excludedFolders: r.excludedFolders };
  if (typeof r.organizeFolder === 'string') out.organizeFolder = r.organizeFolder;
  if (typeof r.allowOutside === 'boolean') out.allowOutside = r.allowOutside;
  if (typeof r.operationLimit === 'number') out.operationLimit = r.operationLimit;
  return out;
}
