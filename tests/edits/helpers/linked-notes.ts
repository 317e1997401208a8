// A folder of notes that link to each other, and a note outside it linking to all: the shape that
// makes a job of moves rewrite the same notes again and again (issue 29).

/**
 * `A/<name>.md` for each name, holding one line per other name (`linkLine`), and `Index.md`,
 * holding one line per name (`indexLine`).
 */
export function linkedNotes(names: readonly string[], linkLine: (other: string) => string, indexLine: (name: string) => string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const n of names) files[`A/${n}.md`] = `# ${n}\n\n${names.filter((m) => m !== n).map(linkLine).join('\n')}\n`;
  files['Index.md'] = names.map(indexLine).join('\n') + '\n';
  return files;
}
