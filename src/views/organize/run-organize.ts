// Runs "Organize folder" in Obsidian: the saved rules, then heuristics, then (when a provider is
// configured) the organize agent, with progress in a window that can cancel. A cancelled run
// writes nothing; a finished one writes the plan note and opens it.
import { type App, TFile } from 'obsidian';
import { OrganizeCancelledError } from '../../agents/organize/agent';
import { detectNamingConventions, type NamingConvention } from '../../agents/organize/naming/naming-conventions';
import { organizeFolder } from '../../agents/organize/organize-run';
import { pluginOrganizeOptions } from './plugin-organize-options';
import { qualityLine } from '../../agents/organize/scoring/plan-quality';
import type { OrganizeAgent, PlanSource } from '../../agents/organize/plan-organize';
import { isInFolder } from '../../dsl/file-records';
import { newJobId } from '../../edits/journal/journal-store';
import { compiledRules } from '../../settings/rule-settings';
import type { ReeveSettings } from '../../settings/settings';
import type { VaultPort } from '../../vault-vfs/vault-port';
import { abortablePort } from './abortable-port';
import type { KeywordSources } from '../search/keyword-search';
import { organizeAgentFor } from './organize-agent-for';
import { OrganizeModal } from './organize-modal';
import type { ProgressSink } from './agent-progress';

export interface OrganizeDeps {
  app: App;
  port: () => VaultPort;
  settings: () => ReeveSettings;
  /** The agent for a run; tests replace it. Default: the organize agent on the configured provider. */
  agentFor?: (settings: ReeveSettings, signal: AbortSignal, sink: ProgressSink) => { agent: OrganizeAgent } | { agent: null; reason: string };
  /** The vault's keyword index for organize, once built (see KeywordSearch.organizeSources). */
  keywordIndex?: () => KeywordSources | null;
  /** Obsidian's first index: a run plans only once it is done (first-index.ts). */
  indexReady?: { readonly isReady: boolean; whenReady(what: string): Promise<void> };
}

/** Opens the progress window and runs the flow in it; resolves when the run has ended. */
export async function runOrganize(deps: OrganizeDeps, folder: string): Promise<OrganizeModal> {
  const modal = new OrganizeModal(deps.app, folder === '' ? 'the vault' : folder);
  modal.open();
  await organizeInModal(deps, folder, modal);
  return modal;
}

export async function organizeInModal(deps: OrganizeDeps, folder: string, modal: OrganizeModal): Promise<void> {
  const settings = deps.settings();
  const signal = modal.signal;
  const port = abortablePort(deps.port(), signal);
  try {
    if (deps.indexReady && !deps.indexReady.isReady) {
      modal.log('Waiting for Obsidian to finish indexing the vault: until then links to notes not yet indexed are unknown.');
      await deps.indexReady.whenReady('organizing');
    }
    const rules = compiledRules(settings.rules);
    const sources = new Set<PlanSource>(['heuristics']);
    if (rules.length > 0) sources.add('rules');
    const index = deps.keywordIndex?.() ?? null;
    let agent: OrganizeAgent | undefined;
    if (settings.activeProvider !== 'none') {
      const choice = (deps.agentFor ?? ((s, sig, sink) => organizeAgentFor(deps.app, s, sig, sink, index)))(settings, signal, modal);
      if (choice.agent) {
        agent = choice.agent;
        sources.add('agent');
      } else modal.log(`The organize agent is not used: ${choice.reason}`);
    }
    // Naming conventions only on request: the step waits for an answer, so it is off by default.
    const naming = settings.suggestNaming ? await modal.chooseNaming(await namingOptions(port, folder)) : null;
    if (signal.aborted) throw new OrganizeCancelledError();
    const outcome = await organizeFolder(port, {
      folder,
      ...(await pluginOrganizeOptions(deps.app, settings)),
      rules,
      sources,
      planId: newJobId(),
      signal,
      onProgress: (message) => modal.log(message),
      ...(agent ? { agent } : {}),
      ...(naming ? { naming } : {}),
      ...(index ? { similarity: { keyword: index.similarity, semantic: index.semantic ?? null } } : {}),
    });
    if (!outcome.note) {
      modal.finish(outcome.plan.description);
      return;
    }
    if (signal.aborted) {
      // Cancel came while the note was being written: it stays, as a record; nothing was moved.
      modal.finish(`Cancelled. The plan note had already been written (${outcome.note}); nothing was moved.`);
      return;
    }
    const ops = outcome.plan.operations.length;
    const quality = outcome.plan.quality;
    if (quality) modal.log(`${quality.worse ? 'Warning: this plan makes the tree less cohesive. ' : ''}Before -> after: ${qualityLine(quality)}.`);
    modal.finish(ops > 0 ? `${ops} operations planned; review them in the plan note.` : `${outcome.plan.description} See the plan note.`);
    const file = deps.app.vault.getFileByPath(outcome.note);
    if (file instanceof TFile) await deps.app.workspace.getLeaf('tab').openFile(file);
  } catch (e) {
    if (signal.aborted || e instanceof OrganizeCancelledError) modal.finish('Cancelled. Nothing was written.');
    else modal.finish(`Organize failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The folder's top three naming conventions, from its files' names. */
async function namingOptions(port: VaultPort, folder: string): Promise<NamingConvention[]> {
  // Only notes are renamed to a convention, so only their names count (hidden files and the
  // plan notes aside).
  const names = (await port.list())
    .filter((e) => e.kind === 'file' && e.path.endsWith('.md') && isInFolder(e.path, folder) && !e.path.split('/').some((s) => s.startsWith('.')))
    .map((e) => e.path);
  return detectNamingConventions(names).slice(0, 3);
}
