// Churn of organize on folders their owner already organized (issue 26): how many of a folder's
// files a plan proposes to move, and how many of the proposals the owner would accept (the
// destination is one of the file's homes in the generated truth, tests/fixtures/owner-vaults).
// Shared by the organize-owner-order benchmark and the tests that hold the aim.
import { mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { planOrganize } from '../../src/agents/organize/plan-organize';
import type { OrganizePlan } from '../../src/agents/organize/organize-plan';
import { readOrganizeSettingsOnDisk } from '../../src/cli/attachment-folder';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import type { OwnerFile, OwnerVault } from '../../tests/fixtures/owner-vaults/owner-vault';
import { pathsAfter } from './groupings';

export interface Churn {
  folder: string;
  files: number;
  /** Files the plan moves (a file inside a moved folder counts). */
  proposed: number;
  /** Of those, moved to one of their homes. */
  accepted: number;
  /** The proposals the owner would reject, as `path -> new path`. */
  rejected: string[];
  /** What the plan said about operations it left for a later run, if anything. */
  plan: OrganizePlan;
}

/** Writes the vault (its config folder included) under `dir`. */
export async function writeOwnerVault(dir: string, vault: OwnerVault): Promise<void> {
  const all = [...vault.files.map((f) => [f.path, f.data] as const), ...Object.entries(vault.config).map(([p, d]) => [`.obsidian/${p}`, d] as const)];
  for (const [p, data] of all) {
    await mkdir(path.dirname(path.join(dir, p)), { recursive: true });
    await writeFile(path.join(dir, p), data);
  }
}

const parent = (p: string): string => p.slice(0, Math.max(0, p.lastIndexOf('/')));

/** Plans organize of `folder` ('' is the vault) as the CLI does, and scores it against the truth. */
export async function measureChurn(dir: string, folder: string, files: readonly OwnerFile[]): Promise<Churn> {
  const vault = await NodeVault.open(dir);
  const settings = await readOrganizeSettingsOnDisk(dir, vault.configDir);
  const plan = await planOrganize(vault, { folder, sources: new Set(['heuristics']), planId: 'churn', ...settings });
  const inside = files.filter((f) => folder === '' || f.path.startsWith(folder + '/'));
  const after = pathsAfter(inside.map((f) => f.path), plan.operations);
  let proposed = 0;
  let accepted = 0;
  const rejected: string[] = [];
  for (const f of inside) {
    const now = after.get(f.path) ?? f.path;
    if (now === f.path) continue;
    proposed++;
    if (f.homes.includes(parent(now))) accepted++;
    else rejected.push(`${f.path} -> ${now}`);
  }
  return { folder, files: inside.length, proposed, accepted, rejected, plan };
}
