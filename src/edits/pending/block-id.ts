// Block ids: a letter for the kind (`e` edit, `o` operation, `j` job) and 16 random hex digits.
// Random, not counted, so that blocks written by the plugin and by the CLI never collide.

export function newBlockId(prefix: 'e' | 'o' | 'j'): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return prefix + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
