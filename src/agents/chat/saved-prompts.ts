// Saved prompts: notes in a folder the user picks, each one prompt. The frontmatter may give it a
// `name` (else the note's name), the `agents` to run it with (a list of scout, web, task; else the
// chat's toggles) and the Task agent's edit `scope` (current, linked or context; else the
// setting); the body is the prompt, where `{{selection}}` becomes the text selected in the note and
// `{{note}}` a link to the note (which the chat then reads, as any note a message names). A
// prompt that cannot be used is listed with its problem, never run half-read. The folder is read
// only outside the walls: a prompt folder inside one is said so, and nothing in it is read.
import type { PhaseName } from '../pipeline/pipeline-events';
import type { TaskSettings } from '../task/task-settings';
import type { Wall } from '../../search/retrieval/walls';
import { bodyAfterFrontmatter, readFrontmatterForEdit } from '../../vault-vfs/markdown/frontmatter-write';
import type { VaultPort } from '../../vault-vfs/vault-port';

export type PromptScope = TaskSettings['scope'];
const SCOPES: readonly PromptScope[] = ['current', 'linked', 'context'];
const AGENTS: readonly PhaseName[] = ['scout', 'web', 'task'];

export interface SavedPrompt {
  path: string;
  name: string;
  /** The agents it runs with; null: the chat's toggles. */
  agents: Record<PhaseName, boolean> | null;
  /** The Task agent's edit scope for it; null: the setting. */
  scope: PromptScope | null;
  body: string;
}

export type PromptRead = { ok: true; prompt: SavedPrompt } | { ok: false; path: string; problem: string };

const baseName = (path: string): string => (path.split('/').pop() ?? path).replace(/\.md$/i, '');

function readAgents(raw: unknown): Record<PhaseName, boolean> | string {
  const names = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : null;
  if (names === null || names.some((n) => typeof n !== 'string')) return 'agents should be a list of scout, web and task';
  const picked = (names as string[]).map((n) => n.trim().toLowerCase()).filter((n) => n !== '');
  const unknown = picked.find((n) => !(AGENTS as readonly string[]).includes(n));
  if (unknown !== undefined) return `agents: "${unknown}" is not one of scout, web, task`;
  if (picked.length === 0) return 'agents names none of scout, web, task';
  return { scout: picked.includes('scout'), web: picked.includes('web'), task: picked.includes('task') };
}

export function readSavedPrompt(path: string, text: string): PromptRead {
  let fm: Record<string, unknown>;
  try {
    fm = readFrontmatterForEdit(path, text);
  } catch (e) {
    return { ok: false, path, problem: e instanceof Error ? e.message : String(e) };
  }
  const name = typeof fm.name === 'string' && fm.name.trim() !== '' ? fm.name.trim() : baseName(path);
  let agents: SavedPrompt['agents'] = null;
  if (fm.agents !== undefined && fm.agents !== null) {
    const a = readAgents(fm.agents);
    if (typeof a === 'string') return { ok: false, path, problem: a };
    agents = a;
  }
  let scope: PromptScope | null = null;
  if (fm.scope !== undefined && fm.scope !== null) {
    if (typeof fm.scope !== 'string' || !(SCOPES as readonly string[]).includes(fm.scope.trim())) return { ok: false, path, problem: `scope should be one of ${SCOPES.join(', ')}` };
    scope = fm.scope.trim() as PromptScope;
  }
  const body = bodyAfterFrontmatter(text).trim();
  if (body === '') return { ok: false, path, problem: 'the note has no prompt under its frontmatter' };
  return { ok: true, prompt: { path, name, agents, scope, body } };
}

/** The prompt with its placeholders filled: `{{selection}}` (the selected text) and `{{note}}` (a link to the note). */
export function fillPrompt(body: string, values: { selection: string; note: string }): string {
  return body.replace(/\{\{\s*(selection|note)\s*\}\}/gi, (_m, key: string) => (key.toLowerCase() === 'selection' ? values.selection : values.note));
}

/** Whether the prompt uses `{{key}}`. */
export function usesPlaceholder(body: string, key: 'selection' | 'note'): boolean {
  return new RegExp(`\\{\\{\\s*${key}\\s*\\}\\}`, 'i').test(body);
}

export type PromptList = { status: 'none' } | { status: 'walled'; folder: string } | { status: 'ok'; folder: string; prompts: SavedPrompt[]; problems: { path: string; problem: string }[] };

/** The prompts in `folder` (and its subfolders), by name; none when no folder is picked, nothing read when it is behind a wall. */
export async function listSavedPrompts(port: VaultPort, folder: string, wall: Wall): Promise<PromptList> {
  const f = folder.trim().replace(/^\/+|\/+$/g, '');
  if (f === '') return { status: 'none' };
  if (wall(`${f}/x.md`)) return { status: 'walled', folder: f };
  const prefix = `${f.toLowerCase()}/`;
  const prompts: SavedPrompt[] = [];
  const problems: { path: string; problem: string }[] = [];
  for (const e of await port.list()) {
    if (e.kind !== 'file' || !e.path.toLowerCase().startsWith(prefix) || !e.path.toLowerCase().endsWith('.md') || wall(e.path)) continue;
    const r = readSavedPrompt(e.path, await port.read(e.path));
    if (r.ok) prompts.push(r.prompt);
    else problems.push({ path: r.path, problem: r.problem });
  }
  prompts.sort((a, b) => a.name.localeCompare(b.name));
  return { status: 'ok', folder: f, prompts, problems };
}
