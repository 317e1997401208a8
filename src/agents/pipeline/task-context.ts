// The notes the Task agent reads. Without Scout: the current note, the notes linked to it up to a
// link depth (outgoing and backlinks; excluded folders are walls), optionally every note in its
// folder, and the notes the user added. With Scout: the current note, Scout's selection and the
// user's notes. Then the token limit, which is hard: notes are dropped least relevant first —
// deepest links, then same-folder notes, then Scout picks by ascending score, and the user's own
// picks and the current note last — and every drop is reported.

import type { VaultPort } from '../../vault-vfs/vault-port';
import { numberedNote, type NumberedNote } from './numbered-note';
import type { ContextNote, ContextSource, DroppedNote, SelectedNote, WhyPicked } from './pipeline-context';
import type { Retrieval } from '../../search/retrieval/retrieval';

export const MIN_TASK_TOKEN_LIMIT = 3000;
/** Linked or same-folder notes considered at most, before the token limit. */
const CANDIDATE_LIMIT = 200;

export interface TaskContextRequest {
  currentNote: string | null;
  /** 0-3; 0 is the current note alone. */
  depth: number;
  sameFolder: boolean;
  manual: readonly string[];
  /** Scout's selection when Scout ran (then links and folder are not expanded). */
  scout: readonly SelectedNote[] | null;
  tokenLimit: number;
}

export interface ContextCandidate extends ContextNote {
  note: NumberedNote;
}

export interface TaskContext {
  notes: ContextCandidate[];
  dropped: DroppedNote[];
  /** Paths asked for that are not notes (missing, or not markdown). */
  missing: string[];
}

export async function buildTaskContext(vault: VaultPort, retrieval: Retrieval, excluded: readonly string[], req: TaskContextRequest): Promise<TaskContext> {
  const wanted = new Map<string, { source: ContextSource; why: WhyPicked[]; depth?: number; score?: number }>();
  const want = (path: string, source: ContextSource, why: WhyPicked, extra: { depth?: number; score?: number } = {}): void => {
    if (!wanted.has(path)) wanted.set(path, { source, why: [why], ...extra });
  };
  if (req.currentNote !== null) want(req.currentNote, 'current', { kind: 'current', detail: 'the note you are in' });
  for (const m of req.manual) want(m, 'manual', { kind: 'manual', detail: 'added by you' });
  if (req.scout !== null) {
    for (const s of req.scout) if (!wanted.has(s.path)) wanted.set(s.path, { source: 'scout', why: s.why, score: s.score });
  } else if (req.currentNote !== null) {
    const related = await retrieval.related(req.currentNote, { depth: req.depth, direction: 'both', sameFolder: req.sameFolder, exclude: excluded, limit: CANDIDATE_LIMIT });
    for (const l of related.items) {
      if (l.via === 'folder') want(l.path, 'folder', { kind: 'folder', detail: 'in the same folder' });
      else if (l.depth > 0) want(l.path, 'link', { kind: 'link', detail: `${l.depth} link${l.depth > 1 ? 's' : ''} from [[${l.from}]]` }, { depth: l.depth });
    }
  }
  const notes: ContextCandidate[] = [];
  const missing: string[] = [];
  for (const [path, w] of wanted) {
    const stat = path.endsWith('.md') ? await vault.stat(path) : null;
    if (stat === null) {
      missing.push(path);
      continue;
    }
    const note = numberedNote(path, await vault.read(path));
    notes.push({ path, source: w.source, why: w.why, tokens: note.tokens, note, ...(w.depth === undefined ? {} : { depth: w.depth }), ...(w.score === undefined ? {} : { score: w.score }) });
  }
  const fitted = fitTokenLimit(notes, req.tokenLimit);
  return { notes: fitted.kept, dropped: fitted.dropped, missing };
}

const SOURCE_RANK: Record<ContextSource, number> = { link: 0, folder: 1, scout: 2, manual: 3, current: 4 };

/** Most droppable first. */
function dropOrder(a: ContextNote, b: ContextNote): number {
  return (
    SOURCE_RANK[a.source] - SOURCE_RANK[b.source] ||
    (b.depth ?? 0) - (a.depth ?? 0) ||
    (a.score ?? 0) - (b.score ?? 0) ||
    b.tokens - a.tokens ||
    (a.path < b.path ? 1 : a.path > b.path ? -1 : 0)
  );
}

const DROP_REASON: Record<ContextSource, string> = {
  link: 'a linked note, dropped first',
  folder: 'a same-folder note',
  scout: 'a Scout pick with a lower score',
  manual: 'a note you added',
  current: 'the current note',
};

/**
 * Keeps notes within `limit` tokens, dropping the least relevant first; order of the rest kept.
 * Dropping stops once the rest fits, and then every dropped note that still fits comes back, the
 * most relevant first: one note too large for the limit (a long current note) must not take the
 * small linked notes with it.
 */
export function fitTokenLimit<N extends ContextNote>(notes: readonly N[], limit: number, over?: string): { kept: N[]; dropped: DroppedNote[] } {
  const total = notes.reduce((s, n) => s + n.tokens, 0);
  if (total <= limit) return { kept: [...notes], dropped: [] };
  const order = [...notes].sort(dropOrder);
  const gone: N[] = [];
  let used = total;
  for (const n of order) {
    if (used <= limit) break;
    gone.push(n);
    used -= n.tokens;
  }
  for (const n of [...gone].reverse()) {
    if (used + n.tokens > limit) continue;
    gone.splice(gone.indexOf(n), 1);
    used += n.tokens;
  }
  const reason = (n: N): string => `${DROP_REASON[n.source]}: ${over ?? `the context was over the ${limit.toLocaleString('en-US')}-token limit`}`;
  const dropped = gone.map((n): DroppedNote => ({ path: n.path, source: n.source, tokens: n.tokens, reason: reason(n) }));
  const out = new Set(gone);
  return { kept: notes.filter((n) => !out.has(n)), dropped };
}
