// Which notes a move or rename may write, so the journal keeps their text before it runs. Not only
// the notes linking to what moves: a link names a file, and when a file of the same name appears
// or leaves (`Inbox/Other.md` renamed to `Inbox/Foobar.md` while `Projects/Foobar.md` exists), a
// note saying `[[Foobar]]` would resolve elsewhere, so the adapter rewrites it to keep its target
// (`[[Projects/Foobar]]`). Every such note is recorded too, and undo puts its text back.
import { forEachLinkpath } from '../../../vault-vfs/link-watchers';
import { linkKey } from '../../../vault-vfs/links/vault-paths';
import type { VaultPort } from '../../../vault-vfs/vault-port';

function nameOf(path: string): string {
  return linkKey(path.slice(path.lastIndexOf('/') + 1));
}

function hasLinks(port: VaultPort, path: string): boolean {
  const m = port.metadata(path);
  return m !== null && m.links.length + m.embeds.length + m.frontmatterLinks.length > 0;
}

/** Notes with a link whose file name is one of `names` (lower-cased, `.md` or not). */
async function notesNaming(port: VaultPort, names: ReadonlySet<string>): Promise<Iterable<string>> {
  if (port.notesLinkingToNames) return port.notesLinkingToNames(names);
  // Without the adapter's index: every note's links, by name (as the index keys them).
  const out: string[] = [];
  for (const e of await port.list()) {
    const meta = e.kind === 'file' && e.path.endsWith('.md') ? port.metadata(e.path) : null;
    if (!meta) continue;
    let hit = false;
    forEachLinkpath(meta, (linkpath) => {
      const last = linkKey(linkpath.slice(linkpath.lastIndexOf('/') + 1));
      if (names.has(last) || names.has(`${last}.md`)) hit = true;
    });
    if (hit) out.push(e.path);
  }
  return out;
}

/** The notes (by their path now) whose text the move of `moved` files may change. */
export async function notesAMoveMayWrite(port: VaultPort, source: string, destination: string, moved: readonly string[]): Promise<string[]> {
  const notes = new Set<string>();
  const names = new Set<string>();
  for (const f of moved) {
    if (f.endsWith('.md') && hasLinks(port, f)) notes.add(f);
    for (const b of port.backlinks(f)) notes.add(b);
    names.add(nameOf(f)).add(nameOf(f === source ? destination : destination + f.slice(source.length)));
  }
  for (const n of await notesNaming(port, names)) notes.add(n);
  return [...notes].sort();
}
