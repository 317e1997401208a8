// `steward organize <vault> [--folder F] [--rules FILE] [--sources rules,heuristics,agent]
//  [--allow-outside] [--plan-folder P] [--json] [--apply]`: plan (and optionally run) an organize
// of a folder. The plan is written as a plan note; `--apply` accepts and runs all of it through
// the journal (undo with `steward undo`).
import { promises as fs } from 'node:fs';
import { newJobId } from '../../edits/journal/journal-store';
import { organizeFolder } from '../../agents/organize/organize-run';
import { planJson } from '../../agents/organize/organize-plan';
import type { PlanSource } from '../../agents/organize/plan-organize';
import { parseRulesJson } from '../../dsl/rules';
import { DEFAULT_SETTINGS } from '../../settings/settings';
import { checkVaultPath } from '../../vault-vfs/path-safety';
import { parseArgs } from '../args';
import { type CliCommand, FailureError, UsageError } from '../command';
import { openVault } from '../open-vault';
import { assertNoInterruptedJob } from './recover';

const SOURCES: readonly PlanSource[] = ['rules', 'heuristics', 'agent'];

function parseSources(raw: string | undefined, hasRules: boolean): Set<PlanSource> {
  if (raw === undefined) return new Set<PlanSource>(hasRules ? ['rules', 'heuristics'] : ['heuristics']);
  const out = new Set<PlanSource>();
  for (const s of raw.split(',').map((x) => x.trim())) {
    if (!(SOURCES as readonly string[]).includes(s)) throw new UsageError(`unknown source "${s}" in --sources; use ${SOURCES.join(', ')}`);
    out.add(s as PlanSource);
  }
  if (out.has('rules') && !hasRules) throw new UsageError('--sources includes rules but no --rules FILE was given');
  if (out.has('agent')) throw new UsageError('the organize agent needs a model provider, which this version of the CLI does not configure yet; use --sources rules,heuristics');
  return out;
}

export const organizeCommand: CliCommand = {
  name: 'organize',
  summary: 'plan (and with --apply, run) the organization of a folder',
  usage: [
    'usage: steward organize <vault> [--folder F] [--rules FILE] [--sources rules,heuristics]',
    '                        [--allow-outside] [--plan-folder P] [--json] [--apply]',
    '  --folder F        the folder to organize (default: the whole vault)',
    '  --rules FILE      a JSON file {"rules": [{name, if, thenMoveTo?, thenRenameTo?, priority?}]}',
    '  --sources LIST    which plan sources run (default: rules when --rules is given, and heuristics)',
    '  --allow-outside   let rules move files out of the folder ("thenMoveTo": "/...")',
    `  --plan-folder P   where the plan note goes (default: ${DEFAULT_SETTINGS.planFolder})`,
    '  --apply           accept every operation and run the plan through the journal',
  ].join('\n'),
  async run(args, io) {
    const parsed = parseArgs(args, { values: ['folder', 'rules', 'sources', 'plan-folder'], booleans: ['allow-outside', 'json', 'apply'] });
    const vault = await openVault(parsed.positionals[0]);
    if (parsed.positionals.length > 1) throw new UsageError(`unexpected argument "${parsed.positionals[1] ?? ''}"`);
    const folder = (parsed.values.get('folder') ?? '').replace(/^\/+|\/+$/g, '');
    if (folder !== '') {
      const check = checkVaultPath(folder, { configDir: vault.configDir });
      if (!check.ok) throw new UsageError(`--folder ${folder}: ${check.reason}`);
      if (!(await vault.list()).some((e) => e.kind === 'folder' && e.path === check.path)) throw new UsageError(`--folder ${folder}: no such folder in the vault`);
    }
    const rulesFile = parsed.values.get('rules');
    let rules;
    if (rulesFile !== undefined) {
      const text = await fs.readFile(rulesFile, 'utf8').catch(() => {
        throw new UsageError(`cannot read rules file ${rulesFile}`);
      });
      try {
        rules = parseRulesJson(text);
      } catch (e) {
        throw new UsageError(`${rulesFile}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    const sources = parseSources(parsed.values.get('sources'), rules !== undefined);
    await assertNoInterruptedJob(vault);
    const outcome = await organizeFolder(vault, {
      folder,
      ...(rules ? { rules } : {}),
      sources,
      allowOutside: parsed.booleans.has('allow-outside'),
      planFolder: parsed.values.get('plan-folder') ?? DEFAULT_SETTINGS.planFolder,
      apply: parsed.booleans.has('apply'),
      planId: newJobId(),
    }).catch((e: unknown) => {
      throw new FailureError(e instanceof Error ? e.message : String(e));
    });
    const failed = outcome.run?.results.filter((r) => r.state === 'failed') ?? [];
    if (parsed.booleans.has('json')) {
      io.stdout(JSON.stringify({ ...(planJson(outcome.plan) as object), note: outcome.note, applied: outcome.run ? { job: outcome.run.job?.job ?? null, done: outcome.run.results.length - failed.length, failed: failed.length } : null }) + '\n');
    } else {
      const lines = [outcome.plan.description];
      if (outcome.note) lines.push(`plan note: ${outcome.note}`);
      for (const c of outcome.plan.conflicts) lines.push(`left out (${c.kind}): ${c.detail}`);
      if (outcome.run) lines.push(`applied: ${outcome.run.results.length - failed.length} operations done${failed.length ? `, ${failed.length} failed` : ''}${outcome.run.job ? `; undo with: steward undo <vault> --job ${outcome.run.job.job}` : ''}`);
      else if (outcome.note) lines.push('review the plan note in Obsidian, or run: steward pending <vault> accept --all');
      io.stdout(lines.join('\n') + '\n');
    }
    return failed.length > 0 ? 1 : 0;
  },
};
