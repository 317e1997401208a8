// Obsidian's normalizePath, which the mocks reduce to slashes: it also turns non-breaking spaces
// into spaces and composes Unicode (NFC). Observed in Obsidian (a decomposed "é" typed into a
// path comes back composed); the file a disk lists with a decomposed name keeps that name in
// TFile.path, so the two can differ.
export function normalizePath(path: string): string {
  // (An empty path stays empty, as in the mocks; Obsidian answers "/".)
  return path
    .replace(/[\\/]+/g, '/')
    .replace(/^\/+|\/+$/g, '')
    .replace(/\u00a0|\u202f/g, ' ')
    .normalize('NFC');
}
