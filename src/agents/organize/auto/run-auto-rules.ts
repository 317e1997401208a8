// One automatic run: the saved rules on the files that settled in watched folders, held to the
// same scope policy and shadow-VFS simulation as "Organize folder", then executed as one
// journaled job whose description makes it an organize run ("Undo last organize" reverses it).
import { ContentKeywordSimilarity } from '../../../dsl/content-similarity';
import { recordFromEntry } from '../../../dsl/file-records';
import type { SimilaritySources } from '../../../dsl/similarity';
import { planRules } from '../../../dsl/plan-rules';
import type { CompiledRule } from '../../../dsl/rules';
import { executeJob, type JobReport } from '../../../edits/journal/execute-job';
import { newJobId } from '../../../edits/journal/journal-store';
import { filter, opProposal } from '../../../edits/scope/filter-proposals';
import type { PlannedOperation } from '../../../vault-vfs/operations';
import { simulatePlan } from '../../../vault-vfs/shadow/shadow-vfs';
import type { VaultFileEntry, VaultPort } from '../../../vault-vfs/vault-port';
import { orderOperations, organizeScopePolicy } from '../plan-organize';
import { type AutoScope, optedOut, watchedFolderOf } from './auto-candidates';

export interface AutoRunOptions extends AutoScope {
  rules: readonly CompiledRule[];
  allowOutside: boolean;
  /** Scores for rules' vector_similarity; default: keyword matching over the new files. */
  similarity?: SimilaritySources;
}

export interface AutoRunReport {
  /** The journaled job, or null when no rule moved anything. */
  job: JobReport | null;
  /** Files looked at (after the opt-out and scope checks). */
  considered: string[];
  /** Operations refused by the scope policy or the simulation, with why. */
  refused: string[];
}

export async function runAutoRules(port: VaultPort, paths: readonly string[], opts: AutoRunOptions): Promise<AutoRunReport> {
  const entries = await port.list();
  const files = new Map(entries.filter((e): e is VaultFileEntry => e.kind === 'file').map((e) => [e.path, e]));
  // Checked again now: the file may have moved, been excluded or opted out while queued.
  const byFolder = new Map<string, VaultFileEntry[]>();
  for (const path of paths) {
    const entry = files.get(path);
    const folder = watchedFolderOf(path, { ...opts, configDir: port.configDir });
    if (!entry || folder === null || optedOut(port.metadata(path)?.frontmatter)) continue;
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), entry]);
  }
  const considered = [...byFolder.values()].flat().map((e) => e.path);
  const refused: string[] = [];
  const planId = `auto-${newJobId()}`;
  const ops: PlannedOperation[] = [];
  const excludedFolders = [...opts.excludedFolders, opts.planFolder];
  for (const [folder, group] of byFolder) {
    const records = group.map((e) => recordFromEntry(port, e));
    const similarity = opts.similarity ?? { keyword: new ContentKeywordSimilarity(records) };
    const plan = await planRules(opts.rules, records, { folder, configDir: port.configDir, allowOutside: opts.allowOutside, existing: entries, similarity, readNote: (p) => port.read(p) });
    refused.push(...plan.conflicts.map((c) => `${c.paths.join(', ')}: ${c.detail}`));
    const policy = organizeScopePolicy(port.configDir, { folder, allowOutside: opts.allowOutside, excludedFolders });
    const checked = filter(plan.operations.map(opProposal), policy);
    refused.push(...checked.refused.map((r) => r.reason));
    ops.push(...checked.allowed.map((p) => p.op));
  }
  const ordered = orderOperations(ops).map((op, i) => ({ ...op, opId: `${planId}-${i + 1}` }));
  const sim = simulatePlan(entries, ordered, { configDir: port.configDir });
  refused.push(...sim.conflicts.map((c) => `${c.paths.join(', ')}: ${c.detail}`));
  if (sim.applied.length === 0) return { job: null, considered, refused };
  const description = `organize plan ${planId} (automatic, ${[...byFolder.keys()].join(', ')}): ${sim.applied.length} operations`;
  const job = await executeJob(port, { description, operations: sim.applied, plan: planId });
  return { job, considered, refused };
}
