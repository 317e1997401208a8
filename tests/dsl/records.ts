// FileRecords built by hand, for tests that check one behaviour without a vault on disk.
import type { FileRecord } from '../../src/vault-vfs/file-record';

export function record(path: string, extra: Partial<FileRecord> = {}): FileRecord {
  const slash = path.lastIndexOf('/');
  const file = path.slice(slash + 1);
  const dot = file.lastIndexOf('.');
  const ext = dot > 0 ? file.slice(dot + 1).toLowerCase() : '';
  return {
    path,
    name: dot > 0 ? file.slice(0, dot) : file,
    ext,
    folder: slash < 0 ? '' : path.slice(0, slash),
    size: 100,
    ctime: new Date(2024, 0, 1, 12).getTime(),
    mtime: new Date(2024, 0, 2, 12).getTime(),
    mimeType: ext === 'md' ? 'text/markdown' : 'application/octet-stream',
    isHidden: path.split('/').some((s) => s.startsWith('.')),
    tags: [],
    links: [],
    backlinks: [],
    frontmatter: null,
    ...extra,
  };
}

/** A markdown record whose reads are counted. */
export function note(path: string, text: string, extra: Partial<FileRecord> = {}): FileRecord & { reads: () => number } {
  let reads = 0;
  const r = record(path, extra);
  return Object.assign(r, {
    readContent: () => {
      reads++;
      return Promise.resolve(text);
    },
    reads: () => reads,
  });
}
