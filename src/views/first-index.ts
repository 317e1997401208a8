// Obsidian's first full index of the vault. Plugins load and the workspace is laid out while
// Obsidian may still be indexing (a large vault, or many notes changed since it last ran): until
// then a note not yet indexed has no cache and looks link-less, so a move planned or made then
// would miss the links to it. The metadata cache fires `resolved` "when all files has been
// resolved. This will be fired each time files get modified after the initial load" (obsidian.d.ts,
// MetadataCache.on('resolved')): the first one after the plugin loads ends the wait. A plugin
// enabled long after start-up sees no such event until a file changes, so Obsidian's own
// `initialized` flag (not in obsidian.d.ts; observed, and read by other plugins for the same
// question) says the first pass was done before Reeve loaded.
// What waits here: automatic mode, the recovery offer, and organize runs. A wait longer than a few
// seconds is said in a notice, which goes when the index is ready.
import { type App, Notice, type Plugin } from 'obsidian';

/** How long a wait goes unsaid. */
const SAY_AFTER_MS = 3000;

/** Obsidian's own `initialized` flag, read with care: it is not part of the API and may go. */
function indexedBefore(cache: App['metadataCache']): boolean {
  try {
    return (cache as App['metadataCache'] & { initialized?: unknown }).initialized === true;
  } catch {
    return false;
  }
}

export class FirstIndex {
  private ready: boolean;
  private readonly waiting: (() => void)[] = [];
  private notice: Notice | null = null;
  private readonly reasons = new Set<string>();

  /** Made in `onload`, before the workspace is ready, so that the first `resolved` is not missed. */
  constructor(private readonly plugin: Plugin) {
    const cache = plugin.app.metadataCache;
    this.ready = indexedBefore(cache);
    if (this.ready) return;
    const ref = cache.on('resolved', () => {
      cache.offref(ref);
      this.markReady();
    });
    plugin.registerEvent(ref);
    plugin.register(() => this.notice?.hide());
  }

  get isReady(): boolean {
    return this.ready;
  }

  private markReady(): void {
    this.ready = true;
    this.notice?.hide();
    this.notice = null;
    for (const wake of this.waiting.splice(0)) wake();
  }

  /** Resolves once Obsidian has indexed the vault; `what` (e.g. "automatic mode") is what waits. */
  whenReady(what: string): Promise<void> {
    if (this.ready) return Promise.resolve();
    this.reasons.add(what);
    const timer = window.setTimeout(() => this.say(), SAY_AFTER_MS);
    this.plugin.register(() => window.clearTimeout(timer));
    return new Promise<void>((resolve) => {
      this.waiting.push(() => {
        window.clearTimeout(timer);
        this.reasons.delete(what);
        resolve();
      });
    });
  }

  private say(): void {
    if (this.ready) return;
    const text = `Reeve is waiting for Obsidian to finish indexing the vault before ${[...this.reasons].join(', ')}: links read before then could be missing. This can take a minute in a large vault.`;
    if (this.notice) this.notice.setMessage(text);
    else this.notice = new Notice(text, 0);
  }
}

/** A write returned while Obsidian was still indexing what it wrote: links read now may be stale. */
export function sayIndexBusy(notes: string[]): void {
  const named = notes.slice(0, 3).join(', ') + (notes.length > 3 ? ` and ${notes.length - 3} more` : '');
  new Notice(`Reeve: Obsidian was still indexing ${named} after Reeve wrote ${notes.length === 1 ? 'it' : 'them'}. Links to or from ${notes.length === 1 ? 'that note' : 'those notes'} may be missed by Reeve until Obsidian has finished; check them, or run the step again then.`, 15_000);
}
