// @vitest-environment happy-dom
// The plugin and a CLI process on one vault never both run a job: the plugin's state store takes
// the CLI's own lock (the same file, pid and host, taken over only from a dead owner). The plugin
// runs in the test runtime on a vault folder that is real on disk (as FileSystemAdapter's is on
// desktop); the other side is a real process taking the lock through the CLI's store.
import { type ChildProcess, spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import * as path from 'node:path';
import '../obsidian/dom';
import { App, FileSystemAdapter, type Plugin } from 'obsidian-test-mocks/obsidian';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { executeJob } from '../../src/edits/journal/execute-job';
import { JOURNAL_LOCK, JournalBusyError, journalLockWait, withJournalLock } from '../../src/edits/journal/journal-lock';
import { desktopFileLock } from '../../src/vault-vfs/obsidian-desktop-lock';
import { ObsidianVault } from '../../src/vault-vfs/obsidian-vault';
import type { VaultPort } from '../../src/vault-vfs/vault-port';
import { buildPluginBundle, removePluginBundle } from '../obsidian/build-bundle';
import { makeVaultFaithful } from '../obsidian/faithful-vault';
import { loadBundle, readManifest } from '../obsidian/load-bundle';
import { shownNoticeEls, shownNotices } from '../obsidian/notices';
import { offerLockTakeOver } from '../../src/views/recovery/lock-take-over';

const holder = path.resolve(import.meta.dirname, '..', 'edits', 'helpers', 'hold-journal-lock.ts');
const repo = path.resolve(import.meta.dirname, '..', '..');
const FILES = { 'a.md': 'a [[b]]\n', 'b.md': 'b\n' };
const MOVE = { description: 'move', operations: [{ opId: 'o1', type: 'move' as const, source: 'a.md', destination: 'B/a.md' }] };

let dir = '';
let child: ChildProcess | null = null;
afterEach(async () => {
  child?.kill();
  child = null;
  if (dir) await fs.rm(dir, { recursive: true, force: true });
  dir = '';
  Object.assign(journalLockWait, { ms: 30_000, pollMs: 200 });
});

/** The plugin's view of a vault whose folder `dir` exists on disk, as on desktop. */
async function appOnDisk(files: Record<string, string>): Promise<App> {
  dir = await fs.mkdtemp(path.join(tmpdir(), 'reeve-plugin-lock-'));
  return App.createConfigured__({ files, adapter: FileSystemAdapter.create__(dir).asOriginalType__() });
}

async function pluginOn(files: Record<string, string>): Promise<{ port: ObsidianVault; contents: () => Promise<Record<string, string>> }> {
  const app = await appOnDisk(files);
  makeVaultFaithful(app);
  const port = new ObsidianVault(app as never, { fileLock: desktopFileLock });
  const contents = async (): Promise<Record<string, string>> => {
    const out: Record<string, string> = {};
    for (const e of await port.list()) out[e.path] = e.kind === 'folder' ? '<folder>' : await port.read(e.path);
    return out;
  };
  return { port, contents };
}

/** A CLI-side process: takes the lock through the CLI's store; resolves with what it said first. */
function cliHolder(ms: number, mode: 'release' | 'die'): Promise<{ said: string; pid: number; exited: Promise<number | null> }> {
  const p = spawn(process.execPath, ['--import', 'tsx', holder, dir, String(ms), mode], { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'] });
  child = p;
  const exited = new Promise<number | null>((r) => p.once('exit', (code) => r(code)));
  return new Promise((resolve, reject) => {
    p.stdout?.once('data', (d: Buffer) => resolve({ said: d.toString().trim(), pid: p.pid ?? 0, exited }));
    p.once('error', reject);
  });
}

const lockFile = (): string => path.join(dir, '.obsidian', 'plugins', 'reeve', JOURNAL_LOCK);

async function holdInPlugin(port: VaultPort, whileHeld: () => Promise<void>): Promise<void> {
  await withJournalLock(port.state, whileHeld);
}

describe('the journal lock between the plugin and a CLI process', () => {
  it('the plugin refuses, naming the CLI process, while it runs a job; and writes nothing', async () => {
    const { port, contents } = await pluginOn(FILES);
    const before = await contents();
    const { said, pid } = await cliHolder(20_000, 'release');
    expect(said).toBe('held');
    Object.assign(journalLockWait, { ms: 400, pollMs: 50 });
    const error = await executeJob(port, MOVE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JournalBusyError);
    expect((error as Error).message).toContain(`process ${pid} on ${hostname()}`);
    expect(await contents()).toEqual(before);
    expect(await port.state.list('journal')).toEqual([]);
  }, 20_000);

  it('a CLI process cannot take the journal while the plugin runs a job, and gets it once the job ends', async () => {
    const { port } = await pluginOn(FILES);
    await holdInPlugin(port, async () => {
      const owner = JSON.parse(await fs.readFile(lockFile(), 'utf8')) as { pid: number; host: string };
      expect(owner).toMatchObject({ pid: process.pid, host: hostname() });
      const { said, exited } = await cliHolder(0, 'release');
      expect(said).toBe('busy');
      expect(await exited).toBe(3);
    });
    await expect(fs.stat(lockFile())).rejects.toThrow();
    const { said } = await cliHolder(0, 'release');
    expect(said).toBe('held');
  }, 20_000);

  it('the plugin waits for a CLI job to end, then runs', async () => {
    const { port } = await pluginOn(FILES);
    await cliHolder(600, 'release');
    Object.assign(journalLockWait, { ms: 10_000, pollMs: 50 });
    const report = await executeJob(port, MOVE);
    expect(report.failure).toBeNull();
    expect(await port.read('B/a.md')).toBe('a [[b]]\n');
  }, 20_000);

  it('takes over the lock of a CLI process that died', async () => {
    const { port } = await pluginOn(FILES);
    const { exited } = await cliHolder(0, 'die');
    await exited;
    await expect(fs.stat(lockFile())).resolves.toBeTruthy();
    Object.assign(journalLockWait, { ms: 300, pollMs: 50 });
    expect((await executeJob(port, MOVE)).failure).toBeNull();
  }, 20_000);

  it('is taken by the shipped plugin (main.js), in the same file', async () => {
    const app = await appOnDisk(FILES);
    const bundle = await buildPluginBundle();
    onTestFinished(() => removePluginBundle(bundle));
    const PluginClass = loadBundle(bundle);
    const plugin = new PluginClass(app, readManifest()) as Plugin & { port(): VaultPort };
    plugin.load();
    await holdInPlugin(plugin.port(), async () => {
      expect(JSON.parse(await fs.readFile(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
      expect((await cliHolder(0, 'release')).said).toBe('busy');
    });
    plugin.unload();
  }, 60_000);

  it('creates nothing on disk where the adapter is not a folder there (mobile, or no such folder)', async () => {
    const app = App.createConfigured__({ files: FILES });
    makeVaultFaithful(app);
    const port = new ObsidianVault(app as never, { fileLock: desktopFileLock });
    const base = (app.vault.adapter as unknown as FileSystemAdapter).getBasePath();
    expect((await executeJob(port, MOVE)).failure).toBeNull();
    await expect(fs.stat(base)).rejects.toThrow();
  });

  it('a stale lock of another computer is offered for take-over in a notice; "Take over" frees it and the job runs', async () => {
    const { port, contents } = await pluginOn(FILES);
    const lock = path.join(dir, '.obsidian/plugins/reeve', JOURNAL_LOCK);
    await fs.mkdir(path.dirname(lock), { recursive: true });
    const now = Date.now();
    await fs.writeFile(lock, JSON.stringify({ pid: 4242, host: 'other-desktop', since: now - 30 * 60_000, touched: now - 11 * 60_000, token: 'feedc0de' }));
    const error = await executeJob(port, MOVE).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(JournalBusyError);
    expect(offerLockTakeOver(port.state, error)).toBe(true);
    expect(shownNotices.at(-1)).toMatch(/process 4242 on other-desktop.*take the lock over/);
    const button = [...(shownNoticeEls.at(-1)?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Take over');
    if (!button) throw new Error('no "Take over" button');
    button.click();
    await vi.waitFor(() => expect(shownNotices.at(-1)).toMatch(/took over the journal lock of other-desktop/));
    expect((await executeJob(port, MOVE)).failure).toBeNull();
    expect((await contents())['B/a.md']).toBe('a [[b]]\n');
  });
});
