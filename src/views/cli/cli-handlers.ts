// What `reeve:search`, `reeve:pending`, `reeve:organize` and `reeve:ask` do when Obsidian's own CLI
// (1.12.2+) runs them: inside the app, on the open vault, with the plugin's settings, through the
// same core the views use (Retrieval behind the one wall list, the pending list, the organize plan,
// the ask pipeline). Each returns the text the CLI prints; nothing here writes a note except as a
// proposal (pending blocks, a plan note), as in the chat and the organize command.
import type { CliData } from 'obsidian';
import type ReevePlugin from '../../../main';
import { pluginOrganizeOptions } from '../organize/plugin-organize-options';
import { organizeFolder } from '../../agents/organize/organize-run';
import type { PlanSource } from '../../agents/organize/plan-organize';
import { runPipeline } from '../../agents/pipeline/run-pipeline';
import { newJobId } from '../../edits/journal/journal-store';
import { listPendingBlocks } from '../../edits/pending/decide-blocks';
import type { SearchMode } from '../../search/retrieval/retrieval';
import { settingsWalls } from '../../settings/settings-walls';
import { askDepsFromPlugin, pluginRetrieval } from '../chat/ask-deps-from-plugin';

const MODES: readonly string[] = ['keyword', 'semantic', 'hybrid'];

function json(params: CliData): boolean {
  return params.format === 'json';
}

function limitOf(params: CliData, fallback: number): number {
  const n = Number(params.limit ?? fallback);
  return Number.isInteger(n) && n > 0 ? Math.min(n, 200) : fallback;
}

export async function cliSearch(plugin: ReevePlugin, params: CliData): Promise<string> {
  const query = (params.query ?? '').trim();
  if (query === '' || query === 'true') return 'Error: reeve:search needs query=<words>.';
  const mode = params.mode ?? 'keyword';
  if (!MODES.includes(mode)) return `Error: mode must be one of ${MODES.join(', ')}.`;
  const retrieval = pluginRetrieval(plugin);
  if (retrieval === null) return 'Error: the vault is still loading; try again in a moment.';
  const walls = settingsWalls(plugin.settings, plugin.app.vault.configDir);
  const report = await retrieval.searchReport(query, { mode: mode as SearchMode, limit: limitOf(params, 20), exclude: walls });
  const hits = report.hits.map((h) => ({ path: h.path, score: Math.round(h.score * 1e4) / 1e4, why: h.why.map((w) => ({ kind: w.kind, detail: w.detail })) }));
  if (json(params)) return JSON.stringify(hits);
  const note = report.fallback === undefined ? '' : `note: ${report.fallback}\n`;
  if (hits.length === 0) return `${note}No notes match "${query}".`;
  return note + hits.map((h) => `${h.score.toFixed(3)}  ${h.path}  (${h.why.map((w) => w.detail).join('; ')})`).join('\n');
}

export async function cliPending(plugin: ReevePlugin, params: CliData): Promise<string> {
  const note = params.note && params.note !== 'true' ? params.note : undefined;
  const entries = await listPendingBlocks(plugin.port(), note);
  if (json(params)) return JSON.stringify(entries);
  if (entries.length === 0) return 'No pending blocks.';
  return entries.map((e) => `${e.state.padEnd(8)} ${e.kind.padEnd(4)} ${e.type.padEnd(14)} ${e.id ?? '(no id)'}  ${e.note}:${e.line}${e.target === undefined ? '' : `  ${e.target}`}`).join('\n');
}

/** A plan note from the rules and the heuristics (the organize agent is the organize command's, with its window). */
export async function cliOrganize(plugin: ReevePlugin, params: CliData): Promise<string> {
  const folder = params.folder === undefined || params.folder === 'true' ? '' : params.folder.replace(/\/+$/, '');
  const settings = plugin.settings;
  try {
    const options = await pluginOrganizeOptions(plugin.app, settings);
    const sources = new Set<PlanSource>(['heuristics']);
    if (options.rules.length > 0) sources.add('rules');
    const outcome = await organizeFolder(plugin.port(), {
      folder,
      ...options,
      sources,
      planId: newJobId(),
      dryRun: params['dry-run'] === 'true',
    });
    const { plan, note } = outcome;
    if (json(params)) return JSON.stringify({ planId: plan.planId, note, operations: plan.operations.length, conflicts: plan.conflicts.length, unchanged: plan.unchanged });
    const where = folder === '' ? 'the vault' : folder;
    if (note === null) return `${plan.operations.length} operation(s) and ${plan.conflicts.length} conflict(s) planned for ${where}; no plan note written.`;
    return `Plan for ${where}: ${plan.operations.length} operation(s), ${plan.conflicts.length} conflict(s), in ${note}. Accept or reject them there.`;
  } catch (e) {
    return `Error: ${e instanceof Error ? e.message : String(e)}`;
  }
}

/** The chat's pipeline, with the chat's saved agents and models; a question to the user stops the run and is printed. */
export async function cliAsk(plugin: ReevePlugin, params: CliData): Promise<string> {
  const task = (params.prompt ?? '').trim();
  if (task === '' || task === 'true') return 'Error: reeve:ask needs prompt=<request>.';
  const settings = plugin.settings;
  const deps = askDepsFromPlugin(plugin, settings, () => Promise.resolve(null));
  if ('error' in deps) return `Error: ${deps.error}`;
  const note = params.note && params.note !== 'true' ? params.note : null;
  try {
    const result = await runPipeline({ task, currentNote: note, agents: settings.agents.agents, depth: 1, sameFolder: false, manual: [], history: [] }, deps, () => undefined);
    const edits = result.outcome?.proposed.map((p) => ({ id: p.id, file: p.note, type: p.type })) ?? [];
    const refused = result.outcome?.refused ?? [];
    if (json(params)) return JSON.stringify({ answer: result.answer, edits, refused, question: result.question, error: result.error });
    const lines = [result.error ? `Error: ${result.error}` : result.answer];
    if (result.question) lines.push(`The agent asks: ${result.question}`);
    for (const e of edits) lines.push(`proposed ${e.type} in ${e.file} (${e.id})`);
    for (const r of refused) lines.push(`refused ${r.file}: ${r.reason}`);
    return lines.join('\n');
  } catch (e) {
    return `Error: ${e instanceof Error ? e.message : String(e)}`;
  }
}
