// Obsidian keeps a plugin's data in `<configDir>/plugins/<id>/data.json` and `loadData()` parses
// it, throwing on corrupt JSON and returning null when the file is missing. The mocks keep data in
// memory; this makes the runtime do what Obsidian does, so settings tests see real failures.
import { Plugin } from 'obsidian-test-mocks/obsidian';

function dataPath(plugin: Plugin): string {
  return `${plugin.app.vault.configDir}/plugins/${plugin.manifest.id}/data.json`;
}

let installed = false;

export function installFaithfulPluginData(): void {
  if (installed) return;
  installed = true;
  Plugin.prototype.loadData = async function (this: Plugin): Promise<unknown> {
    const adapter = this.app.vault.adapter;
    const p = dataPath(this);
    if (!(await adapter.exists(p))) return null;
    return JSON.parse(await adapter.read(p)) as unknown;
  };
  Plugin.prototype.saveData = async function (this: Plugin, data: unknown): Promise<void> {
    const adapter = this.app.vault.adapter;
    const p = dataPath(this);
    const folder = p.slice(0, p.lastIndexOf('/'));
    if (!(await adapter.exists(folder))) await adapter.mkdir(folder);
    await adapter.write(p, JSON.stringify(data, null, 2));
  };
}
