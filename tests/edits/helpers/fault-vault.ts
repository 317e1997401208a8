// A fault injector around a real adapter: its k-th mutating call throws instead of running (or, for
// a rename, may die half-way through it), and
// from then on the "process" is dead: every later mutating call, the journal's state writes
// included, throws too. It wraps the adapter, never the journal, so the journal under test runs
// unchanged.
import { movedPath } from '../../../src/edits/journal/steps/step-move';
import type { RenameOptions, StateStore, VaultChange, VaultPort } from '../../../src/vault-vfs/vault-port';

export class SimulatedCrash extends Error {
  constructor(what: string) {
    super(`simulated crash at ${what}`);
    this.name = 'SimulatedCrash';
  }
}

export class FaultVault implements VaultPort {
  /** Mutating vault calls seen so far (the one that crashed included). */
  mutations = 0;
  dead = false;
  readonly state: StateStore;

  constructor(
    private readonly inner: VaultPort,
    /** 1-based index of the mutating call that crashes; Infinity for none. */
    private readonly crashAt: number,
    /** When given, a crash inside a rename is torn half the time (see tornRename), drawn from it. */
    private readonly tear?: () => number,
    /** Instead of a crash, the call fails with an I/O error (EACCES) and the process lives on. */
    private readonly failOnly = false,
  ) {
    const alive = (what: string): void => {
      if (this.dead) throw new SimulatedCrash(`${what} after the crash`);
    };
    const s = inner.state;
    this.state = {
      read: (n) => s.read(n),
      readBinary: (n) => s.readBinary(n),
      list: (f) => s.list(f),
      write: async (n, d) => (alive('state.write'), s.write(n, d)),
      append: async (n, d) => (alive('state.append'), s.append(n, d)),
      remove: async (n) => (alive('state.remove'), s.remove(n)),
      rename: async (a, b) => (alive('state.rename'), s.rename(a, b)),
    };
  }

  get configDir(): string {
    return this.inner.configDir;
  }

  private async mutate<T>(what: string, call: () => Promise<T>, torn?: () => Promise<void>): Promise<T> {
    if (this.dead) throw new SimulatedCrash(`${what} after the crash`);
    this.mutations++;
    if (this.failOnly) {
      if (this.mutations === this.crashAt) throw Object.assign(new Error(`EACCES: permission denied, ${what}`), { code: 'EACCES' });
      return call();
    }
    if (this.mutations >= this.crashAt) {
      this.dead = true;
      if (torn && this.tear && this.tear() < 0.5) await torn();
      throw new SimulatedCrash(what);
    }
    return call();
  }

  /**
   * A rename that dies inside the adapter: the file or folder has moved, but only some of the
   * notes whose links it rewrites were written (the others keep their old text).
   */
  private async tornRename(from: string, to: string, opts?: RenameOptions): Promise<void> {
    const tear = this.tear ?? (() => 0);
    const moved = (await this.inner.list()).filter((e) => e.kind === 'file' && (e.path === from || e.path.startsWith(from + '/'))).map((e) => e.path);
    const notes = new Set<string>();
    for (const f of moved) {
      if (f.endsWith('.md')) notes.add(f);
      for (const b of this.inner.backlinks(f)) notes.add(b);
    }
    const texts = new Map<string, string>();
    for (const n of notes) texts.set(n, await this.inner.read(n));
    await this.inner.rename(from, to, opts);
    for (const [n, text] of texts) {
      const now = movedPath(n, from, to);
      if (tear() < 0.5 && (await this.inner.read(now)) !== text) await this.inner.process(now, () => text);
    }
  }

  list = () => this.inner.list();
  stat = (p: string) => this.inner.stat(p);
  exists = (p: string) => this.inner.exists(p);
  read = (p: string) => this.inner.read(p);
  readBinary = (p: string) => this.inner.readBinary(p);
  metadata = (p: string) => this.inner.metadata(p);
  resolvedLinks = () => this.inner.resolvedLinks();
  unresolvedLinks = () => this.inner.unresolvedLinks();
  backlinks = (p: string) => this.inner.backlinks(p);
  resolveLink = (l: string, s: string) => this.inner.resolveLink(l, s);
  onChange = (l: (c: VaultChange) => void) => this.inner.onChange(l);

  process = (p: string, fn: (d: string) => string) => this.mutate(`process ${p}`, () => this.inner.process(p, fn));
  processFrontMatter = (p: string, edit: (fm: Record<string, unknown>) => void, expect?: string) => this.mutate(`processFrontMatter ${p}`, () => this.inner.processFrontMatter(p, edit, expect));
  create = (p: string, d: string) => this.mutate(`create ${p}`, () => this.inner.create(p, d));
  createBinary = (p: string, d: Uint8Array) => this.mutate(`createBinary ${p}`, () => this.inner.createBinary(p, d));
  createFolder = (p: string) => this.mutate(`createFolder ${p}`, () => this.inner.createFolder(p));
  rename = (a: string, b: string, o?: RenameOptions) => this.mutate(`rename ${a}`, () => this.inner.rename(a, b, o), () => this.tornRename(a, b, o));
  trash = (p: string) => this.mutate(`trash ${p}`, () => this.inner.trash(p));
  restoreFromTrash = (t: string, p: string) => this.mutate(`restoreFromTrash ${p}`, () => this.inner.restoreFromTrash(t, p));
  removeEmptyFolder = (p: string) => this.mutate(`removeEmptyFolder ${p}`, () => this.inner.removeEmptyFolder(p));
}
