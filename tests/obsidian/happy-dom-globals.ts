// For code outside vitest (benchmarks): a happy-dom window installed as the global DOM, then
// Obsidian's DOM extensions on top, as the test runtime expects.
import { Window } from 'happy-dom';

export async function installDomGlobals(): Promise<void> {
  const win = new Window() as unknown as Record<string, unknown>;
  const g = globalThis as Record<string, unknown>;
  // Every DOM class (Element, UIEvent, ...) and the document, without replacing Node's own globals.
  for (const key of Object.getOwnPropertyNames(win)) {
    if (key in g) continue;
    const value = win[key];
    if (/^[A-Z]/.test(key) && typeof value === 'function') g[key] = value;
  }
  g.window = win;
  g.document = win.document;
  g.getComputedStyle = win.getComputedStyle;
  const { setup } = await import('obsidian-test-mocks/setup');
  setup();
}
