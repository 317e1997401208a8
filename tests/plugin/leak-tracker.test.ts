// @vitest-environment happy-dom
// The lifecycle test trusts the leak tracker; this proves it sees real leaks.
import '../obsidian/dom';
import { App, Plugin } from 'obsidian-test-mocks/obsidian';
import { describe, expect, it } from 'vitest';
import { trackLeaks } from '../obsidian/leak-tracker';
import { readManifest } from '../obsidian/load-bundle';

class LeakyPlugin extends Plugin {
  override onload(): void {
    window.addEventListener('resize', () => undefined);
    window.setInterval(() => undefined, 60_000);
    this.app.vault.on('modify', () => undefined);
    // Registered properly: must not be reported.
    this.registerDomEvent(document, 'click', () => undefined);
    this.registerInterval(window.setInterval(() => undefined, 60_000));
    this.registerEvent(this.app.workspace.on('layout-change', () => undefined));
  }
}

describe('leak tracker', () => {
  it('reports unregistered listeners, intervals and event handlers, and only those', () => {
    const app = App.createConfigured__();
    const leaks = trackLeaks({ workspace: app.workspace, vault: app.vault });
    try {
      const plugin = new LeakyPlugin(app, readManifest());
      plugin.load();
      plugin.unload();
      const report = leaks.report();
      expect(report.domListeners).toEqual(['Window:resize']);
      expect(report.intervals).toBe(1);
      expect(report.eventHandlers).toEqual(['vault:modify x1']);
    } finally {
      leaks.restore();
    }
  });
});
