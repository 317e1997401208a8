// A list too long to show whole (the notes a hub's links bring past the token limit, hundreds at
// times), said the same way in the chat and in `reeve ask`: the first few by name, the rest counted.

/** Notes named at most in one line of the chat. */
export const NAMED_AT_MOST = 5;

/** "a, b, c, d, e and 58 more". */
export function namedAndCounted(items: readonly string[], most = NAMED_AT_MOST): string {
  const more = items.length - most;
  return more > 0 ? `${items.slice(0, most).join(', ')} and ${more} more` : items.join(', ');
}
