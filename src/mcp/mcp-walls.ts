// The walls as MCP's tools hold them: a path behind a wall is "not found", in the same words as a
// path that is not there, whatever way it is spelled (case, decomposed accents, `..`, a leading
// slash, percent signs). `walledView` is the vault as the proposal path sees it: a walled note
// does not exist there, so an edit of one is refused as an edit of a missing note, and nothing
// of it is read, listed or linked.
import { wallOf } from '../search/retrieval/walls';
import { checkVaultPath, extOf } from '../vault-vfs/path-safety';
import { VaultFileNotFoundError, type VaultEntry, type VaultPort } from '../vault-vfs/vault-port';
import { McpToolRefusal } from './mcp-tool';

export type Hidden = (path: string) => boolean;

/** Whether a path is behind one of the walls, in any spelling of it: wallOf compares case- and Unicode-folded. */
export function hiddenBy(walls: readonly string[]): Hidden {
  return wallOf(walls);
}

/** The one answer for a note that is missing, walled, unsafe or not a note. */
export function noteNotFound(raw: string): McpToolRefusal {
  return new McpToolRefusal(`not found: there is no note ${JSON.stringify(raw.slice(0, 300))} in the vault; search or list_notes give the notes' paths`);
}

export function folderNotFound(raw: string): McpToolRefusal {
  return new McpToolRefusal(`not found: there is no folder ${JSON.stringify(raw.slice(0, 300))} in the vault; list_notes without a folder lists the top of the vault`);
}

const fold = (p: string): string => p.normalize('NFC').toLowerCase();

/** Every note of the vault outside the walls, by path. */
export async function visibleNotes(port: VaultPort, hidden: Hidden): Promise<string[]> {
  return (await port.list()).filter((e) => e.kind === 'file' && extOf(e.path) === 'md' && !hidden(e.path)).map((e) => e.path);
}

/**
 * The vault path of the note `raw` names (".md" may be left off; case and accents may differ when
 * only one note fits), or the "not found" refusal. Walls are tested on what was asked and on what
 * it leads to.
 */
export async function resolveNote(port: VaultPort, hidden: Hidden, raw: string): Promise<string> {
  const bare = raw.trim().replace(/^\[\[(.*)\]\]$/, '$1');
  const check = checkVaultPath(bare, { configDir: port.configDir });
  if (!check.ok || hidden(bare) || hidden(check.path)) throw noteNotFound(raw);
  const candidates = extOf(check.path) === 'md' ? [check.path] : [`${check.path}.md`];
  for (const c of candidates) {
    if (hidden(c)) throw noteNotFound(raw);
    if ((await port.stat(c).catch(() => null)) !== null) return c;
  }
  const wanted = new Set(candidates.map(fold));
  const matches = (await visibleNotes(port, hidden)).filter((p) => wanted.has(fold(p)));
  if (matches.length === 1) return matches[0] as string;
  throw noteNotFound(raw);
}

/** The vault path of a folder outside the walls ('' for the top), or the "not found" refusal. */
export async function resolveFolder(port: VaultPort, hidden: Hidden, raw: string | undefined): Promise<string> {
  if (raw === undefined || raw.trim() === '' || raw.trim() === '/') return '';
  const check = checkVaultPath(raw.trim().replace(/\/+$/, ''), { configDir: port.configDir });
  if (!check.ok || hidden(`${check.path}/`)) throw folderNotFound(raw);
  const folders = (await port.list()).filter((e) => e.kind === 'folder' && !hidden(`${e.path}/`));
  const exact = folders.find((e) => e.path === check.path);
  if (exact) return exact.path;
  const folded = folders.filter((e) => fold(e.path) === fold(check.path));
  if (folded.length === 1) return (folded[0] as VaultEntry).path;
  throw folderNotFound(raw);
}

/** The vault with the walled files and folders taken out of it: not listed, not there, not readable. */
export function walledView(port: VaultPort, hidden: Hidden): VaultPort {
  const isHidden = (p: string): boolean => hidden(p) || hidden(`${p}/`);
  const missing = (p: string): never => {
    throw new VaultFileNotFoundError(p);
  };
  const links = (all: Record<string, Record<string, number>>): Record<string, Record<string, number>> => {
    const out: Record<string, Record<string, number>> = {};
    for (const [source, targets] of Object.entries(all)) {
      if (hidden(source)) continue;
      out[source] = Object.fromEntries(Object.entries(targets).filter(([t]) => !hidden(t)));
    }
    return out;
  };
  const overrides: Partial<VaultPort> = {
    list: async () => (await port.list()).filter((e) => !(e.kind === 'folder' ? hidden(`${e.path}/`) : hidden(e.path))),
    stat: async (p) => (isHidden(p) ? null : port.stat(p)),
    exists: async (p) => (isHidden(p) ? false : port.exists(p)),
    read: async (p) => (isHidden(p) ? missing(p) : port.read(p)),
    readBinary: async (p) => (isHidden(p) ? missing(p) : port.readBinary(p)),
    process: async (p, fn) => (isHidden(p) ? missing(p) : port.process(p, fn)),
    metadata: (p) => (isHidden(p) ? null : port.metadata(p)),
    resolvedLinks: () => links(port.resolvedLinks()),
    unresolvedLinks: () => links(port.unresolvedLinks()),
    backlinks: (p) => (isHidden(p) ? [] : port.backlinks(p).filter((s) => !hidden(s))),
  };
  if (port.cachedRead) {
    const cached = port.cachedRead.bind(port);
    overrides.cachedRead = async (p) => (isHidden(p) ? missing(p) : cached(p));
  }
  return new Proxy(port, {
    get(target, key, receiver) {
      if (typeof key === 'string' && key in overrides) return overrides[key as keyof VaultPort];
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
