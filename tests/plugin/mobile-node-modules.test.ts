// @vitest-environment happy-dom
// On phones and tablets Obsidian has no Node: `require('fs')` throws. The plugin's only Node code
// is the journal lock shared with the CLI (src/vault-vfs/node/process-lock.ts), loaded on first
// use behind a `Platform.isDesktopApp` branch in main.ts. Here the production bundle runs a
// journaled job (a move, which takes the journal lock) once as the mobile app (Platform.isMobile,
// no desktop app, Obsidian's mobile vault adapter) and once as the desktop app on a vault folder on
// disk: mobile requires no Node module at all; the desktop run, the control, requires Node's.
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import '../obsidian/dom';
import { App, CapacitorAdapter, FileSystemAdapter, Platform, type Plugin } from 'obsidian-test-mocks/obsidian';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { executeJob } from '../../src/edits/journal/execute-job';
import type { VaultPort } from '../../src/vault-vfs/vault-port';
import { buildPluginBundle, removePluginBundle } from '../obsidian/build-bundle';
import { makeVaultFaithful } from '../obsidian/faithful-vault';
import { loadBundle, readManifest, requiredBuiltins } from '../obsidian/load-bundle';

const FILES = { 'a.md': 'a [[b]]\n', 'b.md': 'b\n' };
const MOVE = { description: 'move', operations: [{ opId: 'o1', type: 'move' as const, source: 'a.md', destination: 'B/a.md' }] };
const DESKTOP = { ...Platform };
/** Obsidian's Platform on a phone (obsidian.d.ts documents each flag). */
const PHONE = { ...DESKTOP, isDesktop: false, isDesktopApp: false, isMobile: true, isMobileApp: true, isPhone: true, isAndroidApp: true, isWin: false };

let bundle = '';
let dir = '';
beforeAll(async () => {
  bundle = await buildPluginBundle();
}, 120_000);
afterAll(() => removePluginBundle(bundle));
afterEach(async () => {
  Object.assign(Platform, DESKTOP);
  if (dir) await fs.rm(dir, { recursive: true, force: true });
  dir = '';
});

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
}

/** Loads the bundle on `app`, runs the move through the plugin's own vault port, unloads. */
async function runJob(app: App): Promise<{ builtins: string[]; moved: boolean }> {
  makeVaultFaithful(app);
  requiredBuiltins.length = 0;
  const plugin = new (loadBundle(bundle))(app, readManifest()) as Plugin & { port(): VaultPort };
  plugin.load();
  await settle();
  app.workspace.setLayoutReady__();
  await settle();
  await executeJob(plugin.port(), MOVE);
  const moved = app.vault.getFileByPath('B/a.md') !== null;
  plugin.unload();
  return { builtins: [...requiredBuiltins], moved };
}

describe('Node modules and the mobile app', () => {
  it('as the mobile app, a journaled job runs and no Node module is ever required', async () => {
    Object.assign(Platform, PHONE);
    const app = App.createConfigured__({ files: FILES, adapter: CapacitorAdapter.create__('/mobile-vault', null).asOriginalType__() });
    const { builtins, moved } = await runJob(app);
    expect(moved).toBe(true);
    expect(builtins).toEqual([]);
  });

  it('the control: as the desktop app on a folder on disk, the same job takes the lock with Node modules', async () => {
    dir = await fs.mkdtemp(path.join(tmpdir(), 'reeve-desktop-'));
    const app = App.createConfigured__({ files: FILES, adapter: FileSystemAdapter.create__(dir).asOriginalType__() });
    const { builtins, moved } = await runJob(app);
    expect(moved).toBe(true);
    expect(builtins).toEqual(expect.arrayContaining(['node:fs', 'node:os']));
  });
});
