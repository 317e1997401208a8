// How long the model's arguments may be, one list for every agent's tools: the schemas say it
// (`maxLength`, `maxItems`), so a model sees the bound, and validation enforces it when a model
// ignores the schema (the call is refused, never run, and the refusal does not echo the value).
// A search query of 5 MB, a selection's reasoning of 5 MB: each would otherwise ride along in
// every later request, and into the Task's prompt.

export const LIMITS = {
  /** A vault path (Obsidian's own limit is the file system's; 1,024 is far beyond a real one). */
  path: 1024,
  /** A search query. */
  query: 500,
  /** A tag name. */
  tag: 200,
  /** An agent's reasoning or evaluation, which the next agent reads. */
  reasoning: 2000,
} as const;

/** The lines of `shown` (a cut prefix of `whole`) that were shown whole: a line cut off at its end is not counted. */
export function completeLines(shown: string, whole: string): string[] {
  const lines = shown.split('\n');
  const endsAtLine = whole.length === shown.length || whole[shown.length] === '\n' || whole[shown.length] === '\r';
  return endsAtLine ? lines : lines.slice(0, -1);
}
