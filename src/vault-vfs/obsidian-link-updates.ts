// Renames on Obsidian with every link kept on its file, whatever the user's settings.
// - "Automatically update internal links" on: FileManager.renameFile rewrites the links that led
//   to the moved files. It does not protect links that led elsewhere and that the new name now
//   captures (`[[Foobar]]` meant `Projects/Foobar.md`; `Inbox/Other.md` becomes `Inbox/Foobar.md`
//   and is closer). Reeve rewrites those first, to a path that keeps their target.
// - Off: Obsidian would ask the user (or leave links broken), so Reeve moves the file with
//   Vault.rename and rewrites the links itself, the way the Node adapter does.
// Both plans come from Reeve's link rewriter over the metadata cache, read when it is current.
import type { App, TAbstractFile } from 'obsidian';
import { applyLinkEdits } from './links/apply-link-edits';
import { expandRenames, pathMapper } from './links/expand-renames';
import { type NoteLinkEdits, planLinkRewrites, touchedNameKeys } from './links/rewrite-links';
import type { NoteMetadata } from './metadata-types';
import type { ObsidianLinkIndex } from './obsidian-link-index';
import { openViews, processNote } from './obsidian-open-note';
import type { NewLinkFormat } from './vault-port';

/** Vault#getConfig: present in Obsidian, missing from its typings. */
type ConfigReader = { getConfig?(key: string): unknown };

export function vaultSetting(app: App, key: string): unknown {
  return (app.vault as unknown as ConfigReader).getConfig?.(key);
}

/** What a link plan reads: each note's metadata, and the adapter's indexes over the cache. */
export interface LinkSources {
  metadataOf: (p: string) => NoteMetadata | null;
  links: ObsidianLinkIndex;
}

/**
 * Only the notes whose links name a file the move touches are read (see touchedNameKeys), and the
 * renames are checked against the resolver's files (kept from the vault's events), so a file's
 * move costs what it touches; only a folder's move lists the files, to find those inside it.
 */
function linkPlan(app: App, from: string, to: string, sources: LinkSources, allowCaseVariants: boolean): { notes: NoteLinkEdits[]; moved: (p: string) => string } {
  const resolver = sources.links.resolver;
  // The files inside a moved folder (none for a file: the resolver, lookup and candidates say the rest).
  const files = resolver.has(from) ? [] : [...resolver.paths()].filter((f) => f.startsWith(from + '/'));
  if (files.length === 0 && !resolver.has(from)) return { notes: [], moved: (p) => p };
  const renames = expandRenames(files, [{ from, to }], resolver, { allowCaseVariants });
  const format = (vaultSetting(app, 'newLinkFormat') as NewLinkFormat | undefined) ?? 'shortest';
  const candidates = sources.links.notesLinkingToNames(touchedNameKeys(renames));
  const plan = planLinkRewrites({ files, metadataOf: sources.metadataOf, renames, newLinkFormat: format, allowCaseVariants, candidates, resolver, lookup: resolver });
  return { notes: plan.notes, moved: pathMapper(renames) };
}

async function applyEdits(app: App, path: string, note: NoteLinkEdits): Promise<void> {
  const file = app.vault.getFileByPath(path);
  if (file && note.edits.length > 0) await processNote(app, file, (text) => applyLinkEdits(text, note).text);
}

/**
 * Moves `file` to `to` and keeps every link on its target. `write` runs each vault write and
 * returns once Obsidian has indexed it, so each plan reads a current cache.
 */
export async function renameKeepingLinks(
  app: App,
  file: TAbstractFile,
  to: string,
  sources: LinkSources,
  write: (w: () => Promise<void>) => Promise<void>,
  /** The move puts back a name that differs only in case from another (see RenameOptions). */
  allowCaseVariants = false,
): Promise<void> {
  const from = file.path;
  // The links are planned from the index, which knows only saved text: open notes are saved first.
  const open = openViews(app);
  if (open.length > 0) await write(async () => void (await Promise.all(open.map((v) => v.save()))));
  const { notes, moved } = linkPlan(app, from, to, sources, allowCaseVariants);
  if (vaultSetting(app, 'alwaysUpdateLinks') === true) {
    // Links in notes that stay put and led to files that stay put: the ones a new name captures.
    const captured = notes
      .filter((n) => n.before === n.after)
      .map((n) => ({ ...n, edits: n.edits.filter((e) => moved(e.target) === e.target) }))
      .filter((n) => n.edits.length > 0);
    for (const n of captured) await write(() => applyEdits(app, n.before, n));
    await write(() => app.fileManager.renameFile(file, to));
    return;
  }
  await write(async () => {
    await app.vault.rename(file, to);
    for (const n of notes) await applyEdits(app, n.after, n);
  });
}
