// `reeve organize <vault> [--folder F] [--rules FILE] [--sources rules,heuristics,agent]
//  [--naming ID] [--allow-outside] [--allow-trash] [--agent-edits] [--folder-cohesion N] [--destination-score N]
//  [--split-cohesion N] [--plan-folder P] [--json] [--apply]` plus the provider flags:
// plan (and optionally run) an organize of a folder. The plan is written as a plan note; `--apply`
// accepts and runs all of it through the journal (undo with `reeve undo`). The organize agent
// runs only when a provider is given.
import { readOrganizeSettingsOnDisk } from '../attachment-folder';
import { newJobId } from '../../edits/journal/journal-store';
import { createOrganizeAgent } from '../../agents/organize/agent';
import { CONVENTIONS, conventionById } from '../../agents/organize/naming/conventions';
import { organizeFolder, planFolderProblem } from '../../agents/organize/organize-run';
import { planJson, type OrganizePlan } from '../../agents/organize/organize-plan';
import { qualityLine } from '../../agents/organize/scoring/plan-quality';
import type { ScoringThresholds } from '../../agents/organize/scoring/thresholds';
import type { PlanSource } from '../../agents/organize/plan-organize';
import { DEFAULT_SETTINGS } from '../../settings/settings';
import { hasPath, isNoteEdit } from '../../vault-vfs/operations';
import { type ParsedArgs, parseArgs } from '../args';
import { type CliCommand, FailureError, UsageError } from '../command';
import { openVault } from '../open-vault';
import { vaultWalls } from '../vault-walls';
import { shellWord } from '../shell-word';
import { optionalFolderArg } from '../vault-path-arg';
import { PROVIDER_FLAGS, PROVIDER_USAGE, providerFromFlags, watchedClientFromFlags } from '../provider-flags';
import { readRulesFile } from '../rules-file-match';
import { embedderOfSavedIndex, loadSavedIndex } from '../saved-semantic-index';
import { assertNoInterruptedJob } from './recover';

const SOURCES: readonly PlanSource[] = ['rules', 'heuristics', 'agent'];
/** One operation of a dry run, as a line. */
function opLine(op: OrganizePlan['operations'][number]): string {
  const what = isNoteEdit(op) ? `${op.path}: ${JSON.stringify(op.before)} -> ${JSON.stringify(op.after)}` : hasPath(op) ? op.path : `${op.source} -> ${op.destination}`;
  return `${op.type.padEnd(13)} ${what}${op.rule !== undefined ? `  (${op.rule})` : ''}`;
}

function parseSources(raw: string | undefined, hasRules: boolean, hasProvider: boolean): Set<PlanSource> {
  if (raw === undefined) return new Set<PlanSource>([...(hasRules ? ['rules' as const] : []), 'heuristics', ...(hasProvider ? ['agent' as const] : [])]);
  const out = new Set<PlanSource>();
  for (const s of raw.split(',').map((x) => x.trim())) {
    if (!(SOURCES as readonly string[]).includes(s)) throw new UsageError(`unknown source "${s}" in --sources; use ${SOURCES.join(', ')}`);
    out.add(s as PlanSource);
  }
  if (out.has('rules') && !hasRules) throw new UsageError('--sources includes rules but no --rules FILE was given');
  if (out.has('agent') && !hasProvider) throw new UsageError('--sources includes agent but no --provider was given (see the provider flags below)');
  return out;
}

const THRESHOLD_FLAGS: [string, keyof ScoringThresholds][] = [
  ['folder-cohesion', 'folderCohesion'],
  ['destination-score', 'destinationScore'],
  ['split-cohesion', 'splitCohesion'],
];

/** The similarity thresholds: the settings' defaults, each replaced by its flag when given. */
function thresholdsFrom(parsed: ParsedArgs): ScoringThresholds {
  const out: ScoringThresholds = { ...DEFAULT_SETTINGS.organizeScoring };
  for (const [flag, key] of THRESHOLD_FLAGS) {
    const raw = parsed.values.get(flag);
    if (raw === undefined) continue;
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1) throw new UsageError(`--${flag} ${raw}: use a number from 0 to 1`);
    out[key] = n;
  }
  return out;
}

export const organizeCommand: CliCommand = {
  name: 'organize',
  summary: 'plan (and with --apply, run) the organization of a folder',
  usage: [
    'usage: reeve organize <vault> [--folder F] [--rules FILE] [--sources rules,heuristics,agent]',
    '                        [--naming ID] [--allow-outside] [--allow-trash] [--agent-edits] [--plan-folder P] [--json] [--dry-run | --apply]',
    '                        [--folder-cohesion N] [--destination-score N] [--split-cohesion N]',
    '                        [--provider P [--base-url URL] [--model M] [--tool-format F]]',
    '  --folder F        the folder to organize (default: the whole vault)',
    '  --rules FILE      a JSON file {"rules": [{name, if, thenMoveTo?, thenRenameTo?, thenAddTags?,',
    '                    thenRemoveTags?, thenSetProperties?, priority?}]}',
    '  --sources LIST    which plan sources run (default: rules when --rules is given, heuristics,',
    '                    and the organize agent when --provider is given)',
    `  --naming ID       rename notes to a naming convention: ${CONVENTIONS.filter((c) => c.rewrite).map((c) => c.id).join(', ')}`,
    '  --allow-outside   let rules move files out of the folder ("thenMoveTo": "/...")',
    '  --agent-edits     let the organize agent\'s rules set tags and properties too',
    '  --allow-trash     let the plan propose trash (extra copies of identical files nothing links to)',
    `  --folder-cohesion N    a folder this cohesive (0-1) moves whole (default ${DEFAULT_SETTINGS.organizeScoring.folderCohesion})`,
    `  --destination-score N  the similarity score a destination needs (default ${DEFAULT_SETTINGS.organizeScoring.destinationScore})`,
    `  --split-cohesion N     a folder less cohesive than this is split (default ${DEFAULT_SETTINGS.organizeScoring.splitCohesion})`,
    `  --plan-folder P   where the plan note goes (default: ${DEFAULT_SETTINGS.planFolder})`,
    '  --dry-run         print the plan and write nothing (no plan note, no journal)',
    '  --apply           accept every operation and run the plan through the journal',
    'Without --dry-run, the plan is written as a note in the plan folder (nothing else changes',
    'until it is accepted); with --apply it also runs. Rules\' vector_similarity("...") and the similarity',
    'scores\' content signal use the semantic index `reeve index` built when it was built with this',
    'provider (only rules\' queries are sent; notes\' vectors are read from the index), otherwise the',
    'words in each file; the plan says which.',
    PROVIDER_USAGE,
  ].join('\n'),
  async run(args, io) {
    const parsed = parseArgs(args, { values: ['folder', 'rules', 'sources', 'plan-folder', 'naming', ...THRESHOLD_FLAGS.map(([f]) => f), ...PROVIDER_FLAGS], booleans: ['allow-outside', 'allow-trash', 'agent-edits', 'json', 'apply', 'dry-run'] });
    const scoring = thresholdsFrom(parsed);
    const dryRun = parsed.booleans.has('dry-run');
    if (dryRun && parsed.booleans.has('apply')) throw new UsageError('--dry-run and --apply cannot go together: a dry run writes nothing');
    const vault = await openVault(parsed.positionals[0], io);
    if (parsed.positionals.length > 1) throw new UsageError(`unexpected argument "${parsed.positionals[1] ?? ''}"`);
    const folder = await optionalFolderArg(vault, parsed.values.get('folder'), '--folder', { vaultDir: parsed.positionals[0] as string, cwd: io.cwd });
    const planFolder = parsed.values.get('plan-folder') ?? DEFAULT_SETTINGS.planFolder;
    const planProblem = planFolderProblem(vault.configDir, planFolder, folder);
    if (planProblem !== null) throw new UsageError(`--plan-folder: ${planProblem}`);
    const rulesFile = parsed.values.get('rules');
    const rules = rulesFile === undefined ? undefined : await readRulesFile(rulesFile);
    const client = watchedClientFromFlags(parsed, io);
    const sources = parseSources(parsed.values.get('sources'), rules !== undefined, client !== null);
    const namingId = parsed.values.get('naming');
    const naming = namingId === undefined ? undefined : conventionById(namingId);
    if (namingId !== undefined && !naming?.rewrite) throw new UsageError(`--naming ${namingId}: use one of ${CONVENTIONS.filter((c) => c.rewrite).map((c) => c.id).join(', ')}`);
    await assertNoInterruptedJob(vault);
    // The saved semantic index scores rules' vector_similarity and the similarity scores' content signal.
    const choice = rules === undefined && !sources.has('heuristics') ? null : providerFromFlags(parsed, io.env);
    const embedder = choice === null ? null : await embedderOfSavedIndex(vault, choice);
    const saved = embedder === null ? null : await loadSavedIndex(vault, embedder);
    // Ctrl-C while planning cancels the run (the model call included) before anything is written;
    // once --apply has started, it stops the job after the step being applied, and what ran is one
    // job that undo takes back. A second Ctrl-C ends the process at once: the journal then holds
    // an interrupted job that `reeve recover` finishes or reverses.
    const cancel = new AbortController();
    let applying = false;
    const onInterrupt = (): void => {
      if (applying) io.stderr('\nstopping: the operation being applied finishes, then the job stops; what ran can be undone (Ctrl-C again stops at once and leaves the job for reeve recover)\n');
      cancel.abort();
    };
    process.once('SIGINT', onInterrupt);
    const outcome = await organizeFolder(vault, {
      folder,
      ...(rules ? { rules } : {}),
      sources,
      signal: cancel.signal,
      ...(client && sources.has('agent') ? { agent: createOrganizeAgent({ client, signal: cancel.signal }) } : {}),
      ...(naming ? { naming } : {}),
      ...(saved?.index ? { similarity: { semantic: saved.index } } : {}),
      allowOutside: parsed.booleans.has('allow-outside'),
      agentRuleEdits: parsed.booleans.has('agent-edits'),
      allowTrash: parsed.booleans.has('allow-trash'),
      scoring,
      ...(await readOrganizeSettingsOnDisk(parsed.positionals[0] ?? '', vault.configDir)),
      planFolder,
      // The vault's walls (Reeve's settings in data.json): organize neither reads nor moves what they hold.
      excludedFolders: await vaultWalls(vault),
      apply: parsed.booleans.has('apply'),
      dryRun,
      planId: newJobId(),
      onApply: () => {
        applying = true;
      },
    })
      .catch((e: unknown) => {
        throw new FailureError(e instanceof Error ? e.message : String(e));
      })
      .finally(() => {
        process.off('SIGINT', onInterrupt);
        void saved?.index?.stop(false);
      });
    const stopped = outcome.run?.job?.stopped ?? null;
    const failed = outcome.run?.results.filter((r) => r.state === 'failed') ?? [];
    if (parsed.booleans.has('json')) {
      io.stdout(JSON.stringify({ ...(planJson(outcome.plan) as object), note: outcome.note, dryRun, applied: outcome.run ? { job: outcome.run.job?.job ?? null, done: outcome.run.results.length - failed.length, failed: failed.length, stopped: stopped !== null } : null }) + '\n');
    } else {
      const quality = outcome.plan.quality;
      const lines = [...(quality?.worse ? [`warning: this plan makes the tree less cohesive (cohesion ${quality.before.cohesion.toFixed(2)} -> ${quality.after.cohesion.toFixed(2)})`] : []), outcome.plan.description];
      if (quality) lines.push(`before -> after: ${qualityLine(quality)}`);
      if (dryRun) for (const op of outcome.plan.operations) lines.push(`  ${opLine(op)}`);
      if (outcome.note) lines.push(`plan note: ${outcome.note}`);
      for (const c of outcome.plan.conflicts) lines.push(`left out (${c.kind}): ${c.detail}`);
      // As the plan note lists them: the user hears of identical files whether or not a trash is proposed.
      for (const group of outcome.plan.duplicates) lines.push(`duplicates (identical content): ${group.join(', ')}`);
      if (outcome.run && stopped !== null) {
        const job = outcome.run.job;
        const total = outcome.run.results.length;
        lines.push(`stopped: ${stopped.ran} of ${total} operations ran before Ctrl-C; undo them with: reeve undo ${shellWord(parsed.positionals[0] ?? '.')} --job ${job?.job ?? ''}`);
        io.stderr(`error: stopped by Ctrl-C after ${stopped.ran} of ${total} operations; the other ${total - stopped.ran} did not run\n`);
      } else if (outcome.run) {
        const job = outcome.run.job;
        // Only a job that ran to the end can be undone; a rolled-back one changed nothing.
        const undo = job?.state === 'applied' ? `; undo with: reeve undo ${shellWord(parsed.positionals[0] ?? '.')} --job ${job.job}` : job?.failure ? `; nothing was changed: ${job.failure.operation}: ${job.failure.reason}` : '';
        lines.push(`applied: ${outcome.run.results.length - failed.length} operations done${failed.length ? `, ${failed.length} failed` : ''}${undo}`);
        if (failed.length > 0) io.stderr(`error: ${failed.length} operation${failed.length === 1 ? '' : 's'} failed${job?.failure ? `: ${job.failure.operation}: ${job.failure.reason}` : ''}\n`);
      }
      else if (outcome.note) lines.push(`review the plan note in Obsidian, or run: reeve pending ${shellWord(parsed.positionals[0] ?? '.')} accept --all`);
      if (dryRun) lines.push('dry run: nothing was written');
      io.stdout(lines.join('\n') + '\n');
    }
    return failed.length > 0 || stopped !== null ? 1 : 0;
  },
};
