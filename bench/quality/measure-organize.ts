// Grouping quality of organize on a vault whose true folders are known: V-measure of doing
// nothing, of grouping by file type alone (the baseline), and of Reeve's plan (heuristics,
// optionally the user's rules and the organize agent), each against the truth. Shared by the
// organize-quality benchmark and the test that keeps Reeve above the baseline.
import { mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { type OrganizeAgent, type PlanSource, planOrganize } from '../../src/agents/organize/plan-organize';
import type { CompiledRule } from '../../src/dsl/rules';
import type { SimilaritySources } from '../../src/dsl/similarity';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { groupingAfter, typeOnlyGrouping } from './groupings';
import type { InboxFile } from './messy-inbox';
import { type VMeasure, vMeasure } from './v-measure';

export interface Measured extends VMeasure {
  /** V-measure with year and month levels counted as folders of their own. */
  strictV: number;
  /** Operations in the plan (Reeve only). */
  operations?: number;
  /** What scored the similarity scores' content signal, as the plan says (Reeve only). */
  content?: string;
}

export interface ReeveOptions {
  rules?: readonly CompiledRule[];
  agent?: OrganizeAgent;
  /** A semantic index here scores the content signal too (see scoring/content-source.ts). */
  similarity?: SimilaritySources;
  /** The vault to plan on, when the caller opened it (to build an index on it first). */
  vault?: NodeVault;
}

/** Writes generated files under `dir` (a fresh vault folder). */
export async function writeFiles(dir: string, files: readonly Pick<InboxFile, 'path' | 'data'>[]): Promise<void> {
  for (const f of files) {
    await mkdir(path.dirname(path.join(dir, f.path)), { recursive: true });
    await writeFile(path.join(dir, f.path), f.data);
  }
}

function measured(truth: ReadonlyMap<string, string>, loose: ReadonlyMap<string, string>, strict: ReadonlyMap<string, string>): Measured {
  return { ...vMeasure(truth, loose), strictV: vMeasure(truth, strict).v };
}

/** Doing nothing: every file stays in the folder it is in. */
export function measureNothing(truth: ReadonlyMap<string, string>): Measured {
  const paths = [...truth.keys()];
  return measured(truth, groupingAfter(paths, []), groupingAfter(paths, [], true));
}

/** The baseline: one folder per file type. */
export function measureTypeOnly(truth: ReadonlyMap<string, string>): Measured {
  const grouping = typeOnlyGrouping([...truth.keys()]);
  return measured(truth, grouping, grouping);
}

/** Reeve's plan for `folder` in the vault at `dir` (planned, not applied: the vault is not changed). */
export async function measureReeve(dir: string, folder: string, truth: ReadonlyMap<string, string>, opts: ReeveOptions = {}): Promise<Measured> {
  const vault = opts.vault ?? (await NodeVault.open(dir));
  const sources = new Set<PlanSource>(['heuristics']);
  if (opts.rules && opts.rules.length > 0) sources.add('rules');
  if (opts.agent) sources.add('agent');
  const plan = await planOrganize(vault, {
    folder,
    sources,
    planId: 'quality',
    planLimit: 100_000,
    ...(opts.rules ? { rules: opts.rules } : {}),
    ...(opts.agent ? { agent: opts.agent } : {}),
    ...(opts.similarity ? { similarity: opts.similarity } : {}),
  });
  const paths = [...truth.keys()];
  const content = /content similarity scored by [^;]*?(?=;|\.$)/u.exec(plan.description)?.[0];
  return { ...measured(truth, groupingAfter(paths, plan.operations), groupingAfter(paths, plan.operations, true)), operations: plan.operations.length, ...(content ? { content } : {}) };
}

/** `V 0.93 (h 0.95, c 0.91)`, for reports. */
export function formatMeasure(m: Measured): string {
  return `V ${m.v.toFixed(3)} (homogeneity ${m.homogeneity.toFixed(3)}, completeness ${m.completeness.toFixed(3)})`;
}
