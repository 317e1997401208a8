// The plan note the user reviews: what the plan does and why, `ai-op` blocks grouped by
// destination folder (each with its rule or heuristic and risk), then conflicts, duplicates and
// files nothing could place. It lives in the plan folder, never in the folder being organized.
import { legalName } from '../../dsl/rename-pattern';
import { opBlockText } from '../../edits/pending/block-format';
import { opBlockData } from '../../edits/pending/op-block-data';
import { hasPath, opPaths } from '../../vault-vfs/operations';
import { parentOf } from '../../vault-vfs/path-safety';
import type { OrganizePlan, PlannedWithRisk } from './organize-plan';
import { qualityLine } from './scoring/plan-quality';

/**
 * Text that may come from a model (the agent's description and rule names) or from file names,
 * made into one inert line: no line breaks (nothing can start a code block or a heading of its
 * own) and no backticks (nothing can open a fence). The blocks themselves are JSON, always safe.
 */
export function inertLine(text: string, max = 600): string {
  const line = text.replace(/[\r\n\u2028\u2029]+/g, ' ').replace(/`/g, "'").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The section an operation is listed under: new folders together, moves by where they go. */
function section(op: PlannedWithRisk): { order: number; title: string } {
  if (op.type === 'create_folder') return { order: 0, title: 'New folders' };
  if (op.type === 'trash') return { order: 3, title: 'Trash' };
  if (hasPath(op)) return { order: 2, title: 'Tags and properties' };
  const folder = parentOf(op.destination);
  return { order: 1, title: folder === '' ? 'Vault root' : `To ${folder}` };
}

/** The note's path: `<planFolder>/Organize <folder> <date> <id>.md`, readable and unique. */
export function planNotePath(planFolder: string, plan: OrganizePlan, now: Date): string {
  // A folder may be named what a note may not ("Ideas [2024]"): the note's name drops those characters.
  const what = plan.targetFolder === '' ? 'vault' : legalName(plan.targetFolder.replace(/\//g, ' - '), true) || 'folder';
  return `${planFolder}/Organize ${what} ${now.toISOString().slice(0, 10)} ${plan.planId}.md`;
}

export function organizePlanNote(plan: OrganizePlan, now: Date): string {
  const lines: string[] = [
    '---',
    `reeve-plan: ${plan.planId}`,
    `organized-folder: ${JSON.stringify(plan.targetFolder)}`,
    `created: ${now.toISOString()}`,
    '---',
    '',
    `# Organize ${plan.targetFolder === '' ? 'the vault' : inertLine(plan.targetFolder)}`,
    '',
    ...worseWarning(plan),
    inertLine(plan.description, 4000),
    '',
    ...(plan.quality ? [`**Before -> after**: ${qualityLine(plan.quality)}.`, ''] : []),
    'Accept or reject each operation below, or all at once. Accepted operations run through the journal: links are kept, tags and properties change after their note moves, and "Undo last organize" reverses the whole run.',
    '',
    '```ai-plan',
    JSON.stringify({ job: plan.planId, folder: plan.targetFolder, operations: plan.operations.length }),
    '```',
    '',
  ];
  lines.push(...creditLines(plan));
  const groups = new Map<string, { order: number; ops: PlannedWithRisk[] }>();
  for (const op of plan.operations) {
    const { order, title } = section(op);
    const group = groups.get(title) ?? { order, ops: [] };
    group.ops.push(op);
    groups.set(title, group);
  }
  for (const [title, { ops }] of [...groups].sort(([a, x], [b, y]) => x.order - y.order || a.localeCompare(b))) {
    lines.push(`## ${title} (${ops.length})`, '');
    for (const op of ops) lines.push(opBlockText(opBlockData(op, plan.planId), '\n'), '');
  }
  if (plan.conflicts.length > 0) {
    lines.push(`## Conflicts (${plan.conflicts.length})`, '', 'These were left out of the plan:', '');
    for (const c of plan.conflicts) lines.push(`- **${inertLine(c.kind)}**: ${inertLine(c.detail)}`);
    lines.push('');
  }
  if (plan.duplicates.length > 0) {
    const trashing = plan.operations.some((op) => op.type === 'trash' && op.rule === 'duplicate');
    const what = trashing ? 'Files with identical content; copies no note links to are proposed for the trash above, one copy of each always kept:' : 'Files with identical content; nothing is done about them ("Allow trash" lets a plan propose the unlinked extra copies for the trash):';
    lines.push(`## Duplicates (${plan.duplicates.length})`, '', what, '');
    for (const group of plan.duplicates) lines.push(`- ${group.map((p) => `\`${inertLine(p)}\``).join(', ')}`);
    lines.push('');
  }
  if (plan.undecided.length > 0) {
    lines.push(`## Left where they are (${plan.undecided.length})`, '', 'No rule or heuristic could place these:', '');
    for (const p of plan.undecided) lines.push(`- \`${inertLine(p)}\``);
    lines.push('');
  }
  return lines.join('\n');
}

/** A callout at the top when the plan makes the tree less cohesive than it is. */
function worseWarning(plan: OrganizePlan): string[] {
  const q = plan.quality;
  if (!q?.worse) return [];
  return [`> [!warning] This plan makes the tree less cohesive`, `> Cohesion goes from ${q.before.cohesion.toFixed(2)} to ${q.after.cohesion.toFixed(2)}: the folders' files resemble each other less after it than before. Review the moves before accepting them.`, ''];
}

/** Which rule, heuristic, agent rule or naming convention proposed how many operations. */
function creditLines(plan: OrganizePlan): string[] {
  // Files, not operations: a note moved and tagged by one rule counts once.
  const files = new Map<string, Set<string>>();
  for (const op of plan.operations) {
    if (op.type === 'create_folder') continue;
    const rule = op.rule ?? 'unnamed';
    files.set(rule, (files.get(rule) ?? new Set<string>()).add(opPaths(op)[0] ?? ''));
  }
  const counts = new Map([...files].map(([rule, set]) => [rule, set.size]));
  if (counts.size === 0) return [];
  const lines = ['## Behind this plan', ''];
  for (const [rule, n] of [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) lines.push(`- ${inertLine(rule)}: ${n} file${n === 1 ? '' : 's'}`);
  return [...lines, ''];
}
