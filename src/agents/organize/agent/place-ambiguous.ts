// The organize agent for ambiguity only: the files and subfolders, at any depth, that the
// heuristics could not decide go to the model in batches of at most 50 items, each with the
// heuristics' candidates and scores; its answers become operations; then a conflict pass sends
// only the placements that conflict (collisions, contradictory destinations) back for a minimal
// fix. What still conflicts after the fix is left out and said so. A reply that is not what was
// asked for is refused whole (PlacementReplyError): nothing is planned, nothing written.
import type { FileRecord } from '../../../vault-vfs/file-record';
import type { PlannedOperation } from '../../../vault-vfs/operations';
import { simulatePlan } from '../../../vault-vfs/shadow/shadow-vfs';
import type { ChatMessage } from '../../llm/chat-types';
import type { LlmClient } from '../../llm/llm-client';
import type { AmbiguousItem } from '../heuristics/ambiguity';
import type { AgentRequest } from '../plan-organize';
import { OrganizeCancelledError } from './organize-cancelled';
import { type Answer, parseAnswers } from './placement-reply';
import { type Decision, placementOps } from './placement-ops';
import { batchMessages, conflictMessages, itemText, openingWords } from './placement-prompt';
import { AGENT_RULE_PREFIX } from './rule-session';

/** Most items in one request. */
export const ITEMS_PER_BATCH = 50;
/** Most items asked about in one organize; the rest keep the heuristics' defaults. */
export const MAX_ITEMS = 1000;
const MAX_FOLDERS_LISTED = 40;

export interface PlacementOptions {
  client: LlmClient;
  signal?: AbortSignal;
  batchSize?: number;
  maxItems?: number;
}

export interface PlacementResult {
  operations: PlannedOperation[];
  notes: string[];
}

async function ask(client: LlmClient, messages: ChatMessage[], signal: AbortSignal | undefined): Promise<string> {
  if (signal?.aborted) throw new OrganizeCancelledError();
  try {
    const reply = await client.complete({ messages, jsonMode: true, maxTokens: 4000, ...(signal ? { signal } : {}) });
    return reply.text;
  } catch (e) {
    if (signal?.aborted) throw new OrganizeCancelledError();
    throw new Error(`the organize agent failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** What an answer means for one item: the moves it asks for (none to stay). */
function decide(item: AmbiguousItem, answer: Answer | undefined): Decision[] {
  if (answer?.kind === 'stay') return [];
  if (answer?.kind === 'folder') {
    const candidate = item.candidates.find((c) => c.folder.toLowerCase() === answer.folder.toLowerCase());
    const why = candidate ? `a candidate (${candidate.signal}, ${candidate.score.toFixed(2)})` : 'not among the heuristics\' candidates';
    return [{ source: item.path, kind: item.kind, folder: answer.folder, rule: `${AGENT_RULE_PREFIX}ambiguous ${item.kind}`, reason: `the organize agent chose ${answer.folder || 'the vault root'}, ${why}; ${item.why}` }];
  }
  // Left out, or "split": the heuristics' own moves for the item's files.
  return item.defaults.map((d) => ({ source: d.path, kind: 'file' as const, folder: d.folder, rule: d.heuristic, reason: d.reason }));
}

function existingFolders(request: AgentRequest): string[] {
  const prefix = request.folder === '' ? '' : request.folder + '/';
  return request.entries
    .filter((e) => e.kind === 'folder' && e.path.startsWith(prefix) && !e.path.split('/').some((s) => s.startsWith('.')))
    .map((e) => e.path)
    .sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b))
    .slice(0, MAX_FOLDERS_LISTED);
}

export async function placeAmbiguous(request: AgentRequest, opts: PlacementOptions): Promise<PlacementResult> {
  const configDir = request.configDir;
  if (configDir === undefined) throw new Error("the organize agent needs the vault's config folder (AgentRequest.configDir)");
  const items = request.items ?? [];
  const size = Math.min(opts.batchSize ?? ITEMS_PER_BATCH, ITEMS_PER_BATCH);
  const asked = items.slice(0, opts.maxItems ?? MAX_ITEMS);
  const records = new Map<string, FileRecord>((request.records ?? request.undecided).map((r) => [r.path, r]));
  const batches: AmbiguousItem[][] = [];
  for (let i = 0; i < asked.length; i += size) batches.push(asked.slice(i, i + size));
  const folders = existingFolders(request);
  const decisions: Decision[] = [];
  const notes: string[] = [];
  let changed = 0;
  for (const [b, batch] of batches.entries()) {
    const words = new Map<string, string>();
    for (const item of batch) {
      const record = item.kind === 'file' ? records.get(item.path) : undefined;
      if (record) words.set(item.path, await openingWords(record));
    }
    const lines = batch.map((item, i) => itemText(i + 1, item, records, words));
    const info = { folder: request.folder, allowOutside: request.allowOutside ?? false, index: b + 1, batches: batches.length, existingFolders: folders };
    const text = await ask(opts.client, batchMessages(info, lines), opts.signal);
    const answers = parseAnswers(text, 'placements', batch.length, `batch ${b + 1} of ${batches.length}`, true);
    batch.forEach((item, i) => {
      const answer = answers.get(i + 1);
      if (answer?.kind === 'folder' || answer?.kind === 'stay') changed++;
      decisions.push(...decide(item, answer));
    });
  }
  for (const item of items.slice(asked.length)) decisions.push(...decide(item, undefined));
  if (items.length > asked.length) notes.push(`${items.length - asked.length} ambiguous items past the first ${asked.length} kept the heuristics' suggestions`);

  const sim = simulatePlan(request.entries, request.planned, { configDir, limit: Number.MAX_SAFE_INTEGER });
  const folderPaths = new Set(request.entries.filter((e) => e.kind === 'folder').map((e) => e.path));
  const movingFolders = new Map(request.planned.flatMap((op) => ((op.type === 'move' || op.type === 'rename') && folderPaths.has(op.source) ? [[op.source, op.destination] as const] : [])));
  let built = placementOps(decisions, sim.after, movingFolders);
  let fixed = 0;
  if (built.conflicts.length > 0) {
    const conflicts = built.conflicts;
    const lines = conflicts.map((c) => ({ source: decisions[c.index]?.source ?? '', destination: c.destination, detail: c.detail }));
    const text = await ask(opts.client, conflictMessages(request.folder, request.allowOutside ?? false, lines), opts.signal);
    const fixes = parseAnswers(text, 'fixes', conflicts.length, 'the conflict pass', false);
    const revised: (Decision | null)[] = [...decisions];
    conflicts.forEach((c, i) => {
      const fix = fixes.get(i + 1);
      const d = decisions[c.index];
      if (!d || !fix) return;
      fixed++;
      revised[c.index] = fix.kind === 'folder' ? { ...d, folder: fix.folder, reason: `${d.reason}; moved to ${fix.folder} to resolve: ${c.detail}` } : null;
    });
    const kept = revised.filter((d): d is Decision => d !== null);
    built = placementOps(kept, sim.after, movingFolders);
    for (const c of built.conflicts) notes.push(`left out: ${kept[c.index]?.source ?? ''} -> ${c.destination} (${c.detail})`);
  }
  const moves = built.operations.filter((op) => op.type !== 'create_folder').length;
  notes.unshift(
    `the organize agent decided ${changed} of ${items.length} ambiguous files and folders in ${batches.length} request${batches.length === 1 ? '' : 's'} of at most ${size} items` +
      `${fixed > 0 ? `; the conflict pass fixed ${fixed}` : ''}; ${moves} moves`,
  );
  return { operations: built.operations, notes };
}
