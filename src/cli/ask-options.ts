// `reeve ask`'s flags read into the pipeline's request and settings, each bad value a usage
// error that says which flag and what it takes.

import { EDIT_CAPABILITIES, type EditCapability } from '../edits/scope/scope-policy';
import type { PhaseName } from '../agents/pipeline/pipeline-events';
import { DEFAULT_TASK_SETTINGS, type TaskSettings } from '../agents/task/task-settings';
import type { ParsedArgs } from './args';
import { UsageError } from './command';

export function readAgents(raw: string | undefined): Record<PhaseName, boolean> {
  if (raw === undefined) return { scout: false, web: false, task: true };
  const out = { scout: false, web: false, task: false };
  for (const a of raw.split(',').map((s) => s.trim()).filter((s) => s !== '')) {
    if (!(a in out)) throw new UsageError(`unknown agent "${a}" in --agents; use scout, web, task`);
    out[a as PhaseName] = true;
  }
  if (!out.scout && !out.web && !out.task) throw new UsageError('--agents needs at least one of scout, web, task');
  return out;
}

export function readTaskSettings(parsed: ParsedArgs): TaskSettings {
  const scope = parsed.values.get('scope') ?? DEFAULT_TASK_SETTINGS.scope;
  if (scope !== 'current' && scope !== 'linked' && scope !== 'context') throw new UsageError(`--scope ${scope}: use current, linked or context`);
  let capabilities = [...DEFAULT_TASK_SETTINGS.capabilities];
  const allow = parsed.values.get('allow');
  if (allow !== undefined) {
    capabilities = [];
    for (const c of allow.split(',').map((s) => s.trim()).filter((s) => s !== '')) {
      if (!(EDIT_CAPABILITIES as readonly string[]).includes(c)) throw new UsageError(`unknown capability "${c}" in --allow; use ${EDIT_CAPABILITIES.join(', ')}`);
      capabilities.push(c as EditCapability);
    }
  }
  return { ...DEFAULT_TASK_SETTINGS, scope, capabilities };
}

export function readDepth(parsed: ParsedArgs): number {
  const raw = parsed.values.get('depth');
  if (raw === undefined) return 2;
  if (!/^[0-3]$/.test(raw)) throw new UsageError(`--depth ${raw}: use 0, 1, 2 or 3`);
  return Number(raw);
}
