// obsidian-test-mocks' own MetadataCache (what tests without the witness see) resolves a link that
// is not a path by looking at every file (`getFiles()`, first whose basename or name is the link),
// and does so for every link of every note it parses on every create: building a vault of N notes
// cost N² file visits (10k notes took 14 minutes). This keeps the vault's files by basename and
// by name, from the vault's events, in the order `getFiles()` lists them, and answers with the
// same file the scan finds. `scannedFirstLinkpathDest` is the scan, for the test that holds the
// two to one answer (tests/obsidian/name-index.test.ts).
import { MetadataCache, TFile, TFolder, Vault } from 'obsidian-test-mocks/obsidian';

type MockVault = Vault & { getFiles(): TFile[] };

/**
 * `getFiles()` lists the keys of the vault's file map in JavaScript's property order: keys that
 * are array indexes ("12") first, by value, then the others in the order they were added. The
 * mock adds a key on create, and takes it out and adds it again on rename (a folder's files
 * after it, depth first), so the order is kept from the same events.
 */
class FilesByName {
  private readonly byKey = new Map<string, Set<TFile>>();
  private readonly keysOf = new Map<TFile, string[]>();
  private readonly added = new Map<TFile, number>();
  private next = 0;

  add(file: TFile): void {
    this.remove(file);
    const keys = file.basename === file.name ? [file.name] : [file.basename, file.name];
    this.keysOf.set(file, keys);
    this.added.set(file, this.next++);
    for (const k of keys) {
      let set = this.byKey.get(k);
      if (!set) this.byKey.set(k, (set = new Set()));
      set.add(file);
    }
  }

  remove(file: TFile): void {
    for (const k of this.keysOf.get(file) ?? []) this.byKey.get(k)?.delete(file);
    this.keysOf.delete(file);
    this.added.delete(file);
  }

  /** The file `getFiles()` lists first among those whose basename or name is `name`. */
  first(name: string): TFile | null {
    let best: TFile | null = null;
    for (const f of this.byKey.get(name) ?? []) if (best === null || this.before(f, best)) best = f;
    return best;
  }

  private before(a: TFile, b: TFile): boolean {
    const ia = arrayIndex(a.path);
    const ib = arrayIndex(b.path);
    if (ia !== null || ib !== null) return ib === null || (ia !== null && ia < ib);
    return (this.added.get(a) ?? 0) < (this.added.get(b) ?? 0);
  }
}

function arrayIndex(key: string): number | null {
  if (!/^(0|[1-9]\d*)$/.test(key)) return null;
  const n = Number(key);
  return n < 2 ** 32 - 1 ? n : null;
}

const indexes = new WeakMap<object, FilesByName>();

/** Every file under `folder`, in the order the mock's rename adds them back. */
function filesUnder(folder: TFolder): TFile[] {
  const out: TFile[] = [];
  Vault.recurseChildren(folder, (c) => {
    if (c instanceof TFile) out.push(c);
  });
  return out;
}

function follow(vault: MockVault): void {
  const index = new FilesByName();
  indexes.set(vault, index);
  for (const f of vault.getFiles()) index.add(f);
  // Registered before the mock's MetadataCache registers its own (App creates the vault first),
  // so a note parsed on create already finds itself and the files made before it.
  vault.on('create', (...data: unknown[]) => {
    if (data[0] instanceof TFile) index.add(data[0]);
  });
  vault.on('delete', (...data: unknown[]) => {
    const f = data[0];
    if (f instanceof TFile) index.remove(f);
    else if (f instanceof TFolder) for (const file of filesUnder(f)) index.remove(file);
  });
  vault.on('rename', (...data: unknown[]) => {
    const f = data[0];
    if (f instanceof TFile) index.add(f);
    else if (f instanceof TFolder) for (const file of filesUnder(f)) index.add(file);
  });
}

type MockCache = { app__: { vault: MockVault } };

/** The mock's own answer: a path, the path with `.md`, else the first file with that basename or name. */
export function scannedFirstLinkpathDest(vault: MockVault, linkpath: string): TFile | null {
  const found = vault.getFileByPath(linkpath) ?? vault.getFileByPath(`${linkpath}.md`);
  if (found) return found;
  return vault.getFiles().find((f) => f.basename === linkpath || f.name === linkpath) ?? null;
}

let installed = false;

export function installMockNameLookup(): void {
  if (installed) return;
  installed = true;
  const VaultClass = Vault as unknown as { create2__(adapter: unknown): MockVault };
  const create = VaultClass.create2__.bind(Vault);
  VaultClass.create2__ = (adapter: unknown): MockVault => {
    const vault = create(adapter);
    follow(vault);
    return vault;
  };
  const proto = MetadataCache.prototype as unknown as { getFirstLinkpathDest(this: MockCache, linkpath: string, source: string): TFile | null };
  proto.getFirstLinkpathDest = function (this: MockCache, linkpath: string): TFile | null {
    const vault = this.app__.vault;
    const index = indexes.get(vault);
    if (!index) return scannedFirstLinkpathDest(vault, linkpath);
    return vault.getFileByPath(linkpath) ?? vault.getFileByPath(`${linkpath}.md`) ?? index.first(linkpath);
  };
}
