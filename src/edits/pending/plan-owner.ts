// Which plan a plan note belongs to, read from its frontmatter. Reeve writes the frontmatter
// itself and never puts model text there, so an `ai-op` or `ai-plan` block that a model smuggled
// into the note's body (through a description or a rule name) cannot claim to be part of the
// plan: its `job` does not match, and it is refused.

export interface NotePlan {
  planId: string;
  /** The folder the plan organizes ('' for the vault root), or null if the note does not say. */
  folder: string | null;
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;

/** The plan a note was written for, or null for a note without Reeve's plan frontmatter. */
export function notePlan(text: string): NotePlan | null {
  const fm = FRONTMATTER.exec(text)?.[1];
  if (fm === undefined) return null;
  const planId = frontmatterValue(fm, 'reeve-plan');
  if (typeof planId !== 'string' || planId === '') return null;
  const folder = frontmatterValue(fm, 'organized-folder');
  return { planId, folder: typeof folder === 'string' ? folder : null };
}

/** Why an operation block of plan `job` may not run from this note, or null if it may. */
export function foreignBlockReason(text: string, job: string): string | null {
  const owner = notePlan(text);
  if (owner === null || owner.planId === job) return null;
  return `this block names plan ${job}, but the note is plan ${owner.planId}; it was not written by Reeve for this plan`;
}

/** One `key: value` line as Reeve writes it (a bare word or a JSON string); else undefined. */
function frontmatterValue(frontmatter: string, key: string): string | undefined {
  for (const line of frontmatter.split(/\r?\n/)) {
    if (!line.startsWith(`${key}:`)) continue;
    const raw = line.slice(key.length + 1).trim();
    if (raw.startsWith('"')) {
      try {
        const v: unknown = JSON.parse(raw);
        return typeof v === 'string' ? v : undefined;
      } catch {
        return undefined;
      }
    }
    return /^[\w-]+$/.test(raw) ? raw : undefined;
  }
  return undefined;
}
