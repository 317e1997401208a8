// A fault injector around a real adapter: its k-th mutating call throws instead of running, and
// from then on the "process" is dead: every later mutating call, the journal's state writes
// included, throws too. It wraps the adapter, never the journal, so the journal under test runs
// unchanged.
import type { StateStore, VaultChange, VaultPort } from '../../../src/vault-vfs/vault-port';

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

  private async mutate<T>(what: string, call: () => Promise<T>): Promise<T> {
    if (this.dead) throw new SimulatedCrash(`${what} after the crash`);
    this.mutations++;
    if (this.mutations >= this.crashAt) {
      this.dead = true;
      throw new SimulatedCrash(what);
    }
    return call();
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
  create = (p: string, d: string) => this.mutate(`create ${p}`, () => this.inner.create(p, d));
  createBinary = (p: string, d: Uint8Array) => this.mutate(`createBinary ${p}`, () => this.inner.createBinary(p, d));
  createFolder = (p: string) => this.mutate(`createFolder ${p}`, () => this.inner.createFolder(p));
  rename = (a: string, b: string) => this.mutate(`rename ${a}`, () => this.inner.rename(a, b));
  trash = (p: string) => this.mutate(`trash ${p}`, () => this.inner.trash(p));
  restoreFromTrash = (t: string, p: string) => this.mutate(`restoreFromTrash ${p}`, () => this.inner.restoreFromTrash(t, p));
  removeEmptyFolder = (p: string) => this.mutate(`removeEmptyFolder ${p}`, () => this.inner.removeEmptyFolder(p));
}
