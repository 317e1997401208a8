// The one test for "no such file" from Node's fs, shared by every Node-side reader.
export function isNotFound(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: string }).code === 'ENOENT';
}

/** "Not allowed": a file or folder the user running Reeve may not read (or a folder not enter). */
export function isDenied(e: unknown): boolean {
  const code = typeof e === 'object' && e !== null ? (e as { code?: string }).code : undefined;
  return code === 'EACCES' || code === 'EPERM';
}
