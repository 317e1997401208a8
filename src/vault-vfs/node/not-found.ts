// The one test for "no such file" from Node's fs, shared by every Node-side reader.
export function isNotFound(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: string }).code === 'ENOENT';
}
