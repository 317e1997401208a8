// "Organize folder" as one deterministic pipeline: the user's rules first, then heuristics for
// what the rules left, then (when a provider is configured) the organize agent for what both
// left undecided. Every operation, whoever proposed it, passes the same scope policy and is
// simulated in the shadow VFS before it can reach a plan.
import { ContentKeywordSimilarity } from '../../dsl/content-similarity';
import { isInFolder, recordsFromVault } from '../../dsl/file-records';
import type { SimilaritySources } from '../../dsl/similarity';
import { planRules } from '../../dsl/plan-rules';
import type { CompiledRule } from '../../dsl/rules';
import { withoutUnwritable } from '../../edits/journal/preflight';
import { filter, opProposal } from '../../edits/scope/filter-proposals';
import { buildScopePolicy, type ScopePolicy } from '../../edits/scope/scope-policy';
import type { FileRecord } from '../../vault-vfs/file-record';
import { hasPath, isNoteEdit, type PlannedOperation, riskOf, opPaths } from '../../vault-vfs/operations';
import { fileSha256 } from '../../vault-vfs/file-hash';
import { findDuplicates } from '../../vault-vfs/shadow/duplicates';
import { DEFAULT_PLAN_LIMIT, simulatePlan } from '../../vault-vfs/shadow/shadow-vfs';
import type { VaultEntry, VaultFileEntry, VaultPort } from '../../vault-vfs/vault-port';
import { OrganizeCancelledError } from './agent/organize-cancelled';
import { coveredBy, itemsAfterScores, itemsInVault } from './agent-items';
import { trashForDuplicates } from './duplicate-trash';
import type { AmbiguousItem } from './heuristics/ambiguity';
import { runHeuristics } from './heuristics/run-heuristics';
import { heuristicsAfterScores } from './heuristics-after-scores';
import type { NamingConvention } from './naming/naming-conventions';
import { namingRenames, namingRuleName } from './naming/naming-renames';
import type { OrganizePlan, PlanConflictJson } from './organize-plan';
import { organizable, ruleNamesHidden } from './organizable';
import { ownerOrder } from './owner/owner-order';
import type { OwnerSettings } from './owner/owner-settings';
import { PlanBuilder } from './plan-builder';
import { type Stage, certaintyOf, cutToLimit } from './plan-limit-cut';
import { contentSource } from './scoring/content-source';
import { FeatureSource } from './scoring/file-features';
import { planQuality, recordsAfter } from './scoring/plan-quality';
import { type ScoredCandidate, scorePass } from './scoring/score-pass';
import { DEFAULT_THRESHOLDS, type ScoringThresholds } from './scoring/thresholds';

export type PlanSource = 'rules' | 'heuristics' | 'agent';

/** What the organize agent gets: the files nothing else placed, and what it may not touch. */
export interface AgentRequest {
  folder: string;
  undecided: readonly FileRecord[];
  /**
   * When the heuristics ran: the files and subfolders, at any depth, they could not decide, with
   * their scored candidates and the heuristics' default moves (folders as vault paths). The agent
   * decides these items only, and answers with their operations (the defaults where it defers);
   * without an agent the defaults stand.
   */
  items?: readonly AmbiguousItem[];
  /** Records of the files in the organized folder (what the items' summaries are made from). */
  records?: readonly FileRecord[];
  entries: readonly VaultEntry[];
  planned: readonly PlannedOperation[];
  /** The scope the agent's proposals are held to (the same as everything else's). */
  configDir?: string;
  allowOutside?: boolean;
  planLimit?: number;
  excludedFolders?: readonly string[];
  signal?: AbortSignal;
  /** Whether the agent's rules may set tags and properties; off unless the user enabled it. */
  ruleEdits?: boolean;
  /** The best-scoring destinations of undecided files (FileVyasa scores, see scoring/). */
  candidates?: ReadonlyMap<string, ScoredCandidate[]>;
}

export type OrganizeAgent = (request: AgentRequest) => Promise<{ operations: PlannedOperation[]; notes: string[] }>;

export interface OrganizeRequest {
  folder: string;
  rules?: readonly CompiledRule[];
  sources: ReadonlySet<PlanSource>;
  allowOutside?: boolean;
  /** Whether trash operations may be planned at all (off unless the user turns it on). */
  allowTrash?: boolean;
  planLimit?: number;
  /** Folders organize never reads from or writes into. */
  excludedFolders?: readonly string[];
  agent?: OrganizeAgent;
  /** Whether the organize agent may write rules that set tags and properties (off unless enabled). */
  agentRuleEdits?: boolean;
  /** A naming convention the user chose: notes not following it get renames. */
  naming?: Pick<NamingConvention, 'id' | 'name'>;
  /** Cancels planning; nothing is returned (OrganizeCancelledError) and so nothing written. */
  signal?: AbortSignal;
  planId: string;
  /** Reports progress for the UI and the CLI. */
  onProgress?: (message: string) => void;
  /**
   * Where rules' `vector_similarity` scores come from: the semantic index when there is one, the
   * vault's keyword index otherwise; without either, keyword matching over the files themselves.
   * A semantic index given here also scores the similarity scores' content signal (content-source.ts).
   */
  similarity?: SimilaritySources;
  /**
   * The folder Obsidian's "Default location for new attachments" names (vault path; see
   * attachmentFolderSetting), where attachments belong; null or absent when it names none.
   */
  attachmentFolder?: string | null;
  /** The daily notes and templates folders the owner's settings name (owner/owner-settings.ts). */
  owner?: OwnerSettings;
  /** When a similarity score is strong enough to move a folder or file (defaults: 0.7, 0.8, 0.3). */
  scoring?: ScoringThresholds;
}

const join = (folder: string, rel: string): string => [folder, rel].filter((s) => s !== '').join('/');

/** Link counts by target, the targets where the plan's moves put them. */
function movedCounts(counts: Record<string, number>, pathOf: (path: string) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [target, n] of Object.entries(counts)) out[pathOf(target)] = (out[pathOf(target)] ?? 0) + n;
  return out;
}

export async function planOrganize(port: VaultPort, req: OrganizeRequest): Promise<OrganizePlan> {
  const progress = req.onProgress ?? (() => undefined);
  const entries = await port.list();
  const walls = (req.excludedFolders ?? []).map((f) => f.toLowerCase());
  const walled = (p: string): boolean => walls.some((w) => p.toLowerCase() === w || p.toLowerCase().startsWith(w + '/'));
  const sorted = organizable((await recordsFromVault(port, req.folder)).filter((r) => !walled(r.path)), port.configDir);
  const records = sorted.visible;
  progress(`${records.length} files in ${req.folder || 'the vault'}`);
  const ops: PlannedOperation[] = [];
  // Which stage planned each operation: how certain it is when the plan must be cut to the limit.
  const stageOf = new Map<PlannedOperation, Stage>();
  const staged = (stage: Stage, list: readonly PlannedOperation[]): void => {
    for (const op of list) stageOf.set(op, stage);
    ops.push(...list);
  };
  const conflicts: PlanConflictJson[] = [...sorted.unsafe];
  const claimed = new Set<string>();
  let unchanged = 0;
  const used: string[] = [];

  if (req.sources.has('rules') && req.rules && req.rules.length > 0) {
    const similarity = req.similarity ?? { keyword: new ContentKeywordSimilarity(records) };
    // Hidden files are offered to the rules only when a rule names them, and kept only by those rules.
    const namingHidden = new Set(req.rules.filter(ruleNamesHidden).map((r) => r.name));
    const ruleRecords = namingHidden.size > 0 ? [...records, ...sorted.hidden] : records;
    const plan = await planRules(req.rules, ruleRecords, { folder: req.folder, configDir: port.configDir, allowOutside: req.allowOutside ?? false, existing: entries, similarity, readNote: (p) => port.read(p) });
    const hiddenPaths = new Set(sorted.hidden.map((r) => r.path));
    for (const m of plan.matches) claimed.add(m.path);
    staged('rules', plan.operations.filter((op) => op.type === 'create_folder' || !hiddenPaths.has(opSource(op)) || namingHidden.has(op.rule ?? '')));
    conflicts.push(...plan.conflicts.map((c) => ({ kind: c.kind, paths: c.paths, detail: c.detail })));
    unchanged += plan.unchanged;
    used.push(`${plan.matches.length} files matched ${req.rules.length} rule${req.rules.length === 1 ? '' : 's'}${plan.similarityUsed === null ? '' : ` (vector_similarity scored by the ${plan.similarityUsed} index)`}`);
    progress(used[used.length - 1] ?? '');
  }

  let undecided: FileRecord[] = [];
  let items: AmbiguousItem[] | undefined;
  const asking = req.sources.has('agent') && req.agent !== undefined;
  let candidates = new Map<string, ScoredCandidate[]>();
  // The content signal: the semantic index's vectors where it covers every note here, else keywords.
  const content = contentSource(records, req.similarity?.semantic);
  const features = new FeatureSource(undefined, content.vectors);
  const builder = new PlanBuilder([...entries, ...destinationsOf(ops)]);
  const open = records.filter((r) => !claimed.has(r.path));
  if (req.sources.has('heuristics')) {
    const links = port.resolvedLinks();
    // The owner's order (owner/owner-order.ts): what is filed in their folders is not scored for a move either.
    const owner = ownerOrder({ folder: req.folder, records, attachmentFolder: req.attachmentFolder ?? null, ...(req.owner ? { settings: req.owner } : {}) });
    const h = runHeuristics(open, { folder: req.folder, linkCounts: (p) => links[p] ?? {}, attachmentFolder: req.attachmentFolder ?? null, owner, ...(req.owner?.dailyNotes ? { dailyNotes: req.owner.dailyNotes } : {}) });
    // With the agent, what the heuristics and scores could not decide waits for it (agent-items.ts);
    // without, their defaults stand.
    const ambiguous = asking ? itemsInVault(h.ambiguous, req.folder) : [];
    const waitingForHeuristics = coveredBy(ambiguous);
    const placedMoves: PlannedOperation[] = [];
    const track = (source: string, target: string | null): void => void (target !== null && placedMoves.push({ opId: '', type: 'move', source, destination: target }));
    // Files first: a file leaving a folder that moves whole goes before the folder does.
    for (const p of h.files) if (!waitingForHeuristics(p.path)) track(p.path, builder.place({ source: p.path, folder: join(req.folder, p.folder), rule: p.heuristic, reason: p.reason }));
    for (const f of h.folders) track(f.source, builder.place({ source: f.source, folder: join(req.folder, f.into), rule: 'whole folder', reason: f.reason }));
    unchanged += h.unchanged.length;
    const decided = new Set([...h.files.map((p) => p.path), ...h.unchanged]);
    const free = new Set(open.filter((r) => !decided.has(r.path) && !owner.filed(r) && owner.staysBecause(r) === null && !h.folders.some((f) => isInFolder(r.path, f.source))).map((r) => r.path));
    // Scored over the tree as the rules and heuristics leave it: what a second organize would see.
    const settled = recordsAfter(records, [...ops, ...placedMoves]);
    const scored = await scorePass({ folder: req.folder, records: settled.records, free, thresholds: req.scoring ?? DEFAULT_THRESHOLDS, features, originOf: settled.originOf });
    items = asking ? itemsAfterScores(ambiguous, scored) : undefined;
    const waiting = coveredBy(items ?? []);
    // What the heuristics make of the tree the scores leave is planned now, not by a second organize.
    const late = heuristicsAfterScores({
      folder: req.folder,
      settled,
      placements: scored.placements,
      free,
      heuristics: (after, tree) => runHeuristics(after, { folder: req.folder, linkCounts: (p) => movedCounts(links[tree.originOf(p)] ?? {}, tree.pathOf), attachmentFolder: req.attachmentFolder ?? null, owner: ownerOrder({ folder: req.folder, records: after, attachmentFolder: req.attachmentFolder ?? null, ...(req.owner ? { settings: req.owner } : {}) }), ...(req.owner?.dailyNotes ? { dailyNotes: req.owner.dailyNotes } : {}) }),
    });
    for (const p of late.placements) if (!waiting(p.source)) builder.place({ source: p.source, folder: p.into, rule: p.rule, reason: p.reason });
    candidates = scored.candidates;
    const placed = new Set([...decided, ...scored.placements.map((p) => p.source), ...late.filed]);
    const left = new Set(h.undecided);
    undecided = open.filter((r) => left.has(r.path) && !placed.has(r.path));
    used.push(`heuristics placed ${h.files.length} files and ${h.folders.length} folders; ${h.unchanged.length} already in place`);
    if (scored.placements.length > 0) used.push(`similarity scores placed ${scored.placements.length} files or folders`);
    progress(used[used.length - 1] ?? '');
    used.push(content.said);
  } else {
    undecided = open;
  }
  const built = builder.build((i) => `h${i}`);
  staged('heuristics', built.operations);
  conflicts.push(...built.collisions.map((c) => ({ kind: 'collision', paths: c.paths, detail: c.detail })));

  if (asking && req.agent && (undecided.length > 0 || (items?.length ?? 0) > 0)) {
    progress(items ? `asking the organize agent about ${items.length} files and folders the heuristics could not decide` : `asking the organize agent about ${undecided.length} undecided files`);
    const answer = await req.agent({
      folder: req.folder,
      undecided,
      ...(items ? { items, records } : {}),
      entries,
      planned: ops,
      configDir: port.configDir,
      allowOutside: req.allowOutside ?? false,
      planLimit: req.planLimit ?? DEFAULT_PLAN_LIMIT,
      excludedFolders: req.excludedFolders ?? [],
      candidates,
      ...(req.signal ? { signal: req.signal } : {}),
      ruleEdits: req.agentRuleEdits === true,
    });
    if (req.signal?.aborted) throw new OrganizeCancelledError();
    // Whatever the agent returns is held to the policy below like the rest; it may only move (and,
    // when enabled, tag) the files and folders it was asked about (never one something else moves
    // or left in place), and create folders for them.
    const askedAbout = new Set(undecided.map((r) => r.path));
    const inItems = coveredBy(items ?? []);
    const asked = (source: string): boolean => askedAbout.has(source) || inItems(source);
    const mayDo = (op: PlannedOperation): boolean =>
      op.type === 'move' || op.type === 'rename' ? asked(op.source) : isNoteEdit(op) && req.agentRuleEdits === true && askedAbout.has(op.path);
    staged('agent', answer.operations.filter((op) => op.type === 'create_folder' || mayDo(op)));
    used.push(...answer.notes);
  }

  if (req.naming) {
    // Notes nothing else moves are brought to the chosen convention.
    const moving = ops.flatMap((op) => (op.type === 'move' || op.type === 'rename' ? [op.source] : []));
    const renames = namingRenames(req.naming, records.filter((r) => !moving.some((m) => isInFolder(r.path, m))), req.folder);
    staged('naming', renames);
    used.push(renames.length > 0 ? `${namingRuleName(req.naming)}: ${renames.length} notes renamed` : `${namingRuleName(req.naming)}: no renames (every note follows it, or it has no mechanical rename)`);
  }
  if (req.signal?.aborted) throw new OrganizeCancelledError();

  // Identical files: reported always; with trash allowed, every copy but one that nothing links to is proposed for trash.
  const inScope = new Set(records.map((r) => r.path));
  const files = entries.filter((e): e is VaultFileEntry => e.kind === 'file' && inScope.has(e.path));
  const duplicates = await findDuplicates(files, (p) => fileSha256(port, p));
  if (req.allowTrash && duplicates.length > 0) {
    const trashed = trashForDuplicates(duplicates, { links: port.resolvedLinks(), files, planned: ops, folder: req.folder });
    const gone = new Set(trashed.map((t) => t.path));
    // A copy going to the trash is not also moved.
    ops.splice(0, ops.length, ...ops.filter((op) => !((op.type === 'move' || op.type === 'rename') && gone.has(op.source))));
    staged('trash', trashed);
  }

  // Over the limit, the most certain operations are planned and the rest left for a later run.
  const limit = req.planLimit ?? DEFAULT_PLAN_LIMIT;
  const cut = cutToLimit(ops, (op) => certaintyOf(op, stageOf.get(op) ?? 'heuristics'), limit);
  if (cut.left.length > 0) {
    ops.splice(0, ops.length, ...cut.kept);
    const more = `${cut.left.length} more operation${cut.left.length === 1 ? '' : 's'} left for a later run`;
    conflicts.push({ kind: 'limit', paths: cut.left.slice(0, 50).flatMap(opPaths), detail: `${more}: a plan holds at most ${limit} operations, so the most certain were planned first (your rules, then dated names, the attachment folder and types before tags, hubs and similarity scores); apply this plan and organize again to plan the rest` });
    used.push(more);
  }

  // One id space, folders first (parents before children), then moves and renames, then trash.
  const ordered = orderOperations(ops).map((op, i) => ({ ...op, opId: `${req.planId}-${i + 1}` }));
  const policy = organizeScopePolicy(port.configDir, req);
  const checked = filter(ordered.map(opProposal), policy);
  for (const r of checked.refused) conflicts.push({ kind: 'refused', paths: opPaths(r.proposal.op), detail: r.reason });
  const writable = await withoutUnwritable(port, checked.allowed.map((p) => p.op), entries);
  for (const r of writable.refused) conflicts.push({ kind: 'refused', paths: opPaths(r.op), detail: r.reason });
  const sim = simulatePlan(entries, writable.runnable, { configDir: port.configDir, limit: req.planLimit ?? DEFAULT_PLAN_LIMIT });
  for (const c of sim.conflicts) conflicts.push({ kind: c.kind, paths: c.paths, detail: c.detail });

  const operations = sim.applied;
  const quality = await planQuality({ folder: req.folder, records, operations, conflicts, features });
  const description =
    operations.length > 0
      ? `${operations.length} operations for ${req.folder || 'the vault'}: ${used.join('; ')}.`
      : conflicts.length > 0
        ? `No operation could be planned for ${req.folder || 'the vault'}: ${conflicts.length} refused or in conflict (listed below); ${used.join('; ')}.`
        : `${req.folder || 'The vault'} is already organized: nothing to move${used.length > 0 ? `; ${used.join('; ')}` : ''}.`;
  return { planId: req.planId, targetFolder: req.folder, description, operations: operations.map((op) => ({ ...op, risk: riskOf(op) })), conflicts, unchanged, duplicates, undecided: undecided.map((r) => r.path), quality };
}

/** The scope every organize operation is held to, at plan time and again when it runs. */
export function organizeScopePolicy(configDir: string, req: Pick<OrganizeRequest, 'folder' | 'allowOutside' | 'allowTrash' | 'planLimit' | 'excludedFolders'>): ScopePolicy {
  return buildScopePolicy({
    configDir,
    // Operations may touch the organized folder only, or the whole vault when moves out are allowed.
    scope: { folders: [req.allowOutside || req.folder === '' ? '**' : req.folder] },
    excludedFolders: req.excludedFolders ?? [],
    capabilities: ['move', 'rename', ...(req.allowTrash ? ['trash' as const] : []), 'properties'],
    organizeFolder: req.folder,
    allowOutside: req.allowOutside ?? false,
    operationLimit: req.planLimit ?? DEFAULT_PLAN_LIMIT,
  });
}

function opSource(op: PlannedOperation): string {
  return hasPath(op) ? op.path : op.source;
}

function destinationsOf(ops: readonly PlannedOperation[]): VaultEntry[] {
  return ops.flatMap((op): VaultEntry[] => {
    if (op.type === 'create_folder') return [{ kind: 'folder', path: op.path }];
    if (hasPath(op)) return [];
    return [{ kind: 'file', path: op.destination, stat: { size: 0, ctime: 0, mtime: 0 } }];
  });
}


const RANK: Record<PlannedOperation['type'], number> = { create_folder: 0, move: 1, rename: 1, add_tags: 2, remove_tags: 2, set_properties: 2, trash: 3 };

/** Folders first (shallow before deep, each once), then moves and renames, then note edits, then trash. */
export function orderOperations(ops: readonly PlannedOperation[]): PlannedOperation[] {
  const seen = new Set<string>();
  const unique = ops.filter((op) => {
    if (op.type !== 'create_folder') return true;
    const key = op.path.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const depth = (op: PlannedOperation): number => (op.type === 'create_folder' ? op.path.split('/').length : 0);
  return unique.map((op, i) => ({ op, i })).sort((a, b) => RANK[a.op.type] - RANK[b.op.type] || depth(a.op) - depth(b.op) || a.i - b.i).map((x) => x.op);
}
