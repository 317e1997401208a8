// Obsidian runs `onLayoutReady` callbacks once the workspace is ready, whether or not the plugin
// that asked is still loaded: a plugin disabled (or reloaded) during start-up would otherwise
// register events on an unloaded component, which nothing ever releases, and start work for a
// plugin that is gone.
import type { Plugin } from 'obsidian';

/** Runs `callback` when the layout is ready, unless `plugin` has unloaded by then. */
export function onLayoutReadyWhileLoaded(plugin: Plugin, callback: () => void): void {
  let loaded = true;
  plugin.register(() => {
    loaded = false;
  });
  plugin.app.workspace.onLayoutReady(() => {
    if (loaded) callback();
  });
}
