// Which answer positions each capability allows, so the prompt lists only what is allowed and a
// refusal can say what would have been. Replacing text needs both `add` and `delete`, as the scope
// policy's filter decides.

import type { EditCapability } from '../../edits/scope/scope-policy';

export interface PositionRule {
  position: string;
  needs: EditCapability[];
  meaning: string;
}

export const POSITION_RULES: readonly PositionRule[] = [
  { position: 'start', needs: ['add'], meaning: 'insert at the top of the note, after its frontmatter' },
  { position: 'end', needs: ['add'], meaning: 'append at the end of the note' },
  { position: 'after:<heading line>', needs: ['add'], meaning: 'insert right after that heading, e.g. "after:## Tasks"' },
  { position: 'insert:N', needs: ['add'], meaning: 'insert before line N, so the content becomes line N' },
  { position: 'replace:N or replace:N-M', needs: ['add', 'delete'], meaning: 'replace lines N..M with the content' },
  { position: '{"file","find","replace"}', needs: ['add', 'delete'], meaning: 'an anchored edit: replace the exact text "find" (it must occur exactly once) by "replace"' },
  { position: 'delete:N or delete:N-M', needs: ['delete'], meaning: 'delete lines N..M' },
  { position: 'create', needs: ['create'], meaning: 'create a new note with the content' },
  { position: 'open', needs: ['navigate'], meaning: 'open the note for the user (changes nothing)' },
];

const FORBIDDEN: Record<EditCapability, string> = {
  add: 'adding text to a note (start, end, after:, insert:) and replacing text',
  delete: 'deleting or replacing text',
  create: 'creating notes',
  navigate: 'opening notes for the user',
};

export function allowedPositions(caps: ReadonlySet<EditCapability>): PositionRule[] {
  return POSITION_RULES.filter((r) => r.needs.every((c) => caps.has(c)));
}

/** One line per capability that is off, saying what it forbids. */
export function forbiddenLines(caps: ReadonlySet<EditCapability>): string[] {
  return (Object.keys(FORBIDDEN) as EditCapability[]).filter((c) => !caps.has(c)).map((c) => `The "${c}" permission is off: no ${FORBIDDEN[c]}.`);
}

export function allowedPositionsText(caps: ReadonlySet<EditCapability>): string {
  const allowed = allowedPositions(caps);
  return allowed.length === 0 ? 'no positions at all (answer without edits)' : allowed.map((r) => r.position).join(', ');
}
