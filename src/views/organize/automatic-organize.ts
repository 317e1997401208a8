// Automatic mode in Obsidian: files created or renamed in watched folders are queued, and once
// they have settled (templates applied, sync finished) the saved rules run on them as one
// journaled job. Registered after the layout is ready, so the vault's start-up `create` events
// (one per existing file) never reach it.
import { type App, Notice, Platform, type Plugin, TFile } from 'obsidian';
import { type AutoDevice, claimAutomaticMode } from '../../agents/organize/auto/auto-claim';
import { type AutoScope, watchedFolderOf } from '../../agents/organize/auto/auto-candidates';
import { DebounceQueue } from '../../agents/organize/auto/debounce-queue';
import { runAutoRules } from '../../agents/organize/auto/run-auto-rules';
import type { SelfWrites } from '../../agents/organize/auto/self-writes';
import { compiledRules } from '../../settings/rule-settings';
import type { ReeveSettings } from '../../settings/settings';
import type { VaultPort } from '../../vault-vfs/vault-port';
import { lockTiming } from '../../vault-vfs/lock-staleness';
import { offerLockTakeOver } from '../recovery/lock-take-over';
import { settingsWalls } from '../../settings/settings-walls';

export interface AutomaticDeps {
  port: () => VaultPort;
  settings: () => ReeveSettings;
  selfWrites: SelfWrites;
  /** Obsidian's first index: a run waits for it (first-index.ts). */
  indexReady?: { whenReady(what: string): Promise<void> };
  /** This device, for the claim of automatic mode (auto-claim.ts); default: from the app's local storage. */
  device?: AutoDevice;
  /** Called after each run (tests wait on it). */
  onRun?: (report: Awaited<ReturnType<typeof runAutoRules>> | Error) => void;
}

/** This device's id for this vault, kept in the app's local storage (per device, never synced). */
export function thisDevice(app: App): AutoDevice {
  const KEY = 'reeve-device-id';
  let id = app.loadLocalStorage(KEY) as unknown;
  if (typeof id !== 'string' || id === '') {
    id = crypto.randomUUID();
    app.saveLocalStorage(KEY, id);
  }
  const kind = Platform.isMobile ? 'a phone or tablet' : 'a desktop';
  return { id: id as string, label: `${kind} (device ${(id as string).slice(0, 8)})` };
}

export function registerAutomaticOrganize(plugin: Plugin, deps: AutomaticDeps): DebounceQueue {
  const device = deps.device ?? thisDevice(plugin.app);
  let toldBusy = false;
  const withDevice: AutomaticDeps & { device: AutoDevice; tellBusy(label: string): void } = {
    ...deps,
    device,
    tellBusy: (label) => {
      if (toldBusy) return;
      toldBusy = true;
      new Notice(`Reeve: automatic mode runs on ${label}, which shares this vault's settings; it stays idle here so that the two never both move a file. It takes over here once that device has not run it for ${lockTiming.staleMs / 60_000} minutes.`);
    },
  };
  // While on, the claim is kept fresh, so another device does not take it while this one is idle.
  plugin.registerInterval(
    window.setInterval(() => {
      if (deps.settings().automatic.enabled) void claimAutomaticMode(deps.port().state, device).catch(() => undefined);
    }, lockTiming.heartbeatMs * 5),
  );
  let running: Promise<void> = Promise.resolve();
  let unloaded = false;
  const queue = new DebounceQueue(
    () => deps.settings().automatic.delaySeconds * 1000,
    // Runs one after another: a second batch waits for the first job to finish, and none starts
    // once the plugin is unloaded.
    (paths) => {
      running = running.then(() => (unloaded ? undefined : runBatch(withDevice, paths)));
    },
    { set: (fn, ms) => window.setTimeout(fn, ms), clear: (id) => window.clearTimeout(id) },
  );
  plugin.register(() => {
    unloaded = true;
    queue.dispose();
  });
  const scope = (): AutoScope => {
    const s = deps.settings();
    return { watchedFolders: s.automatic.watchedFolders, excludedFolders: settingsWalls(s, plugin.app.vault.configDir), planFolder: s.planFolder, configDir: plugin.app.vault.configDir };
  };
  const consider = (file: unknown): void => {
    const s = deps.settings();
    if (!s.automatic.enabled || !(file instanceof TFile)) return;
    if (deps.selfWrites.isOwn(file.path) || watchedFolderOf(file.path, scope()) === null) return;
    queue.add(file.path);
  };
  plugin.registerEvent(plugin.app.vault.on('create', consider));
  plugin.registerEvent(plugin.app.vault.on('modify', (file) => queue.touch(file.path)));
  plugin.registerEvent(
    plugin.app.vault.on('rename', (file, oldPath) => {
      queue.remove(oldPath);
      consider(file);
    }),
  );
  return queue;
}

async function runBatch(deps: AutomaticDeps & { device: AutoDevice; tellBusy(label: string): void }, paths: string[]): Promise<void> {
  const s = deps.settings();
  if (!s.automatic.enabled) return;
  const rules = compiledRules(s.rules);
  if (rules.length === 0) return;
  // Files queued while Obsidian was still indexing wait for it: links to them must be known.
  await deps.indexReady?.whenReady('automatic mode files new notes');
  try {
    const claim = await claimAutomaticMode(deps.port().state, deps.device);
    if (!claim.ok) {
      deps.tellBusy(claim.holder.label);
      deps.onRun?.(new Error(`automatic mode runs on ${claim.holder.label}`));
      return;
    }
    const report = await runAutoRules(deps.port(), paths, {
      rules,
      allowOutside: s.allowOutside,
      watchedFolders: s.automatic.watchedFolders,
      excludedFolders: settingsWalls(s, deps.port().configDir),
      planFolder: s.planFolder,
      configDir: deps.port().configDir,
    });
    if (report.job && report.job.state === 'applied') new Notice(`Reeve: rules filed ${report.job.steps} item${report.job.steps === 1 ? '' : 's'} automatically ("Undo last organize" reverses it).`);
    else if (report.job) new Notice(`Reeve: automatic rules were rolled back: ${report.job.failure?.reason ?? 'a step was refused'}.`);
    deps.onRun?.(report);
  } catch (e) {
    const error = e instanceof Error ? e : new Error(String(e));
    // A stale lock of another computer is never taken over here: the user is asked (lock-take-over.ts).
    if (!offerLockTakeOver(deps.port().state, error)) new Notice(`Reeve: automatic rules did not run: ${error.message}`);
    deps.onRun?.(error);
  }
}
