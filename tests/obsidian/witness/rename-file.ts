// The witness's FileManager.renameFile: "Rename or move a file safely, and update all links to it
// depending on the user's preferences" (API docs). With "Automatically update internal links"
// (`alwaysUpdateLinks`) on, every link that led to a moved file and would no longer lead to it
// (and a moved note's own links that would now lead elsewhere) is written again in the vault's
// "New link format", keeping its kind (wikilink or markdown), subpath, alias and label. Links
// that still work are left as written (undocumented; what Obsidian is seen to do). With the setting off the
// user is asked instead (here: nobody answers, so no link changes). Links that led to another
// file are left alone, even when the new name now captures them: Obsidian does not protect them.
import type { FrontmatterLinkCache, ReferenceCache } from 'obsidian';
import type { App, TAbstractFile, TFile } from 'obsidian-test-mocks/obsidian';
import { linktextFor, resolveLinkpath } from './link-paths';
import type { WitnessMetadataCache } from './metadata-cache';
import { parseNote } from './parse-note';

type MockVault = App['vault'] & { readSync__(file: TFile): string; getConfig__(key: string): unknown };

interface Edit {
  start: number;
  end: number;
  text: string;
}

function splitSubpath(link: string): [string, string] {
  const hash = link.indexOf('#');
  return hash < 0 ? [link, ''] : [link.slice(0, hash), link.slice(hash)];
}

/** The link as Obsidian writes it again with a new path: same kind, subpath, alias or label. */
function rewritten(ref: ReferenceCache | FrontmatterLinkCache, pathFor: (omitMd: boolean) => string): string {
  const [, subpath] = splitSubpath(ref.link);
  const o = ref.original;
  const wiki = /^(!?)\[\[([^\]|]*)(\|[^\]]*)?\]\]$/.exec(o);
  if (wiki) return `${wiki[1] ?? ''}[[${pathFor(true)}${subpath}${wiki[3] ?? ''}]]`;
  const md = /^(!?\[[\s\S]*\]\()(<[^>]*>|[^\s)]*(?:\([^\s)]*\)[^\s)]*)*)([\s\S]*)$/.exec(o);
  if (!md) return o;
  const angle = (md[2] ?? '').startsWith('<');
  const dest = angle ? `<${pathFor(false)}${subpath}>` : encodeURI(pathFor(false)) + (subpath === '' ? '' : '#' + encodeURI(subpath.slice(1)));
  return `${md[1] ?? ''}${dest}${md[3] ?? ''}`;
}

/** `everyNote`: read every note on each rename, the plain way the name-indexed one must match. */
export function installWitnessRename(app: App, cache: WitnessMetadataCache, opts: { everyNote?: boolean } = {}): void {
  const vault = app.vault as MockVault;
  app.fileManager.renameFile = async (file: TAbstractFile, newPath: string): Promise<void> => {
    const oldPath = file.path;
    if (vault.getConfig__('alwaysUpdateLinks') !== true) {
      await vault.rename(file, newPath);
      return;
    }
    const moved = (p: string): string => (p === oldPath ? newPath : p.startsWith(oldPath + '/') ? newPath + p.slice(oldPath.length) : p);
    // The files by name are the cache's own, kept from the vault's events: as they are before the
    // rename until it happens. Every link is resolved against them first, then the rename is made.
    const files = cache.fileNames;
    const movedFiles = files.has(oldPath) ? [oldPath] : files.under(oldPath);
    // A link leads to a file by the file's name: only notes naming a moved file, and moved notes, can change.
    const naming = cache.notesNaming(new Set(movedFiles.map((p) => p.slice(p.lastIndexOf('/') + 1).toLowerCase())));
    for (const p of movedFiles) naming.add(p);
    const notes = (opts.everyNote === true ? vault.getMarkdownFiles() : [...naming].map((p) => vault.getFileByPath(p)))
      .filter((f): f is TFile => f !== null && f.extension === 'md')
      .map((f) => {
        const text = vault.readSync__(f);
        // The cache's reading of the note when it has indexed this text (Obsidian plans from its cache).
        const meta = cache.currentEntry(f.path) ?? parseNote(text);
        /** Where each link led before the rename. */
        const before = new Map<string, string | null>();
        for (const ref of [...(meta.links ?? []), ...(meta.embeds ?? []), ...(meta.frontmatterLinks ?? [])]) {
          const [linkpath] = splitSubpath(ref.link);
          if (!before.has(linkpath)) before.set(linkpath, resolveLinkpath(files, linkpath, f.path));
        }
        return { notePath: f.path, text, meta, before };
      });
    await vault.rename(file, newPath);
    const after = cache.fileNames;
    const format = cache.linkFormat();

    for (const { notePath, text, meta, before } of notes) {
      const nowAt = moved(notePath);
      /** The new text of a link in this note, or null to leave it. */
      const update = (ref: ReferenceCache | FrontmatterLinkCache): string | null => {
        const [linkpath] = splitSubpath(ref.link);
        const target = before.get(linkpath) ?? null;
        if (target === null) return null;
        const targetNow = moved(target);
        // Only links to a moved file, or in a moved note, are looked at (none other is protected).
        if (targetNow === target && nowAt === notePath) return null;
        // A link that still leads to its file from where the note is now is left as written.
        if (resolveLinkpath(after, linkpath, nowAt) === targetNow) return null;
        const next = rewritten(ref, (omitMd) => linktextFor(after, targetNow, nowAt, format, omitMd));
        return next === ref.original ? null : next;
      };
      const edits: Edit[] = [];
      for (const ref of [...(meta.links ?? []), ...(meta.embeds ?? [])]) {
        const next = update(ref);
        if (next !== null) edits.push({ start: ref.position.start.offset, end: ref.position.end.offset, text: next });
      }
      // Properties hold links as strings; they are written again inside the frontmatter block.
      let searchFrom = 0;
      const fmEnd = meta.frontmatterPosition?.end.offset ?? 0;
      for (const ref of meta.frontmatterLinks ?? []) {
        const at = text.indexOf(ref.original, searchFrom);
        if (at < 0 || at >= fmEnd) continue;
        searchFrom = at + ref.original.length;
        const next = update(ref);
        if (next !== null) edits.push({ start: at, end: at + ref.original.length, text: next });
      }
      if (edits.length === 0) continue;
      let out = text;
      for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
      const target = vault.getFileByPath(nowAt);
      if (target) await vault.modify(target, out);
    }
  };
}
