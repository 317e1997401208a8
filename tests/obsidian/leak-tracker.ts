// Counts what a plugin leaves behind: DOM listeners (on the window, the document, or elements still in
// the document), intervals still running, and handlers on Obsidian's event emitters (workspace, vault,
// metadataCache). Install it before the plugin loads; read the report after it unloads.

export interface LeakReport {
  domListeners: string[];
  intervals: number;
  eventHandlers: string[];
}

export interface LeakTracker {
  report(): LeakReport;
  restore(): void;
}

/** The handler lists of an Events emitter, as both Obsidian and the mocks keep them. */
function handlerCounts(emitters: Record<string, unknown>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [label, emitter] of Object.entries(emitters)) {
    const registry = (emitter as { _?: Record<string, unknown[]> })._ ?? {};
    for (const [name, list] of Object.entries(registry)) {
      if (list.length > 0) counts.set(`${label}:${name}`, list.length);
    }
  }
  return counts;
}

/**
 * A listener keeps its handler (and what it closes over) alive while its target lives: the window,
 * the document, or an element still in the document. An element taken out of the document goes
 * with its listeners, as Obsidian's own setting controls do when a tab is emptied.
 */
function holdsOn(target: EventTarget | undefined): boolean {
  if (!target) return false;
  if (target === window || target === document || !(target instanceof Node)) return true;
  return target.isConnected;
}

export function trackLeaks(emitters: Record<string, unknown>): LeakTracker {
  const before = handlerCounts(emitters);
  const live = new Map<string, { label: string; target: WeakRef<EventTarget> }>();
  const ids = new WeakMap<object, number>();
  let nextId = 1;
  const idOf = (o: object): number => {
    let id = ids.get(o);
    if (id === undefined) ids.set(o, (id = nextId++));
    return id;
  };
  const tripleOf = (target: EventTarget, type: string, cb: EventListenerOrEventListenerObject, opts?: boolean | EventListenerOptions): string => {
    const capture = typeof opts === 'boolean' ? opts : (opts?.capture ?? false);
    return `${idOf(target)}|${type}|${idOf(cb)}|${String(capture)}`;
  };

  // happy-dom's Window keeps its own listener methods, so patch every prototype that owns one.
  const owners = new Set<{ addEventListener: EventTarget['addEventListener']; removeEventListener: EventTarget['removeEventListener'] }>();
  for (const target of [window, document, createDiv(), EventTarget.prototype]) {
    let proto: object | null = target;
    while (proto && !Object.prototype.hasOwnProperty.call(proto, 'addEventListener')) proto = Object.getPrototypeOf(proto) as object | null;
    if (proto) owners.add(proto as EventTarget);
  }
  const restoreListeners: (() => void)[] = [];
  for (const owner of owners) {
    const rawAdd = owner.addEventListener;
    const rawRemove = owner.removeEventListener;
    owner.addEventListener = function (this: EventTarget, type: string, cb: EventListenerOrEventListenerObject | null, opts?: boolean | AddEventListenerOptions): void {
      if (cb) live.set(tripleOf(this, type, cb, opts), { label: `${this === window ? 'Window' : this.constructor.name}:${type}`, target: new WeakRef(this) });
      rawAdd.call(this, type, cb, opts);
    };
    owner.removeEventListener = function (this: EventTarget, type: string, cb: EventListenerOrEventListenerObject | null, opts?: boolean | EventListenerOptions): void {
      if (cb) live.delete(tripleOf(this, type, cb, opts));
      rawRemove.call(this, type, cb, opts);
    };
    restoreListeners.push(() => {
      owner.addEventListener = rawAdd;
      owner.removeEventListener = rawRemove;
    });
  }

  const intervals = new Set<number>();
  const rawSetInterval = window.setInterval;
  const rawClearInterval = window.clearInterval;
  window.setInterval = ((fn: TimerHandler, ms?: number, ...args: unknown[]) => {
    const id = rawSetInterval(fn, ms, ...args);
    intervals.add(id);
    return id;
  }) as typeof window.setInterval;
  window.clearInterval = ((id?: number) => {
    if (id !== undefined) intervals.delete(id);
    rawClearInterval(id);
  }) as typeof window.clearInterval;

  return {
    report: () => {
      const after = handlerCounts(emitters);
      const eventHandlers: string[] = [];
      for (const [k, n] of after) {
        const extra = n - (before.get(k) ?? 0);
        if (extra > 0) eventHandlers.push(`${k} x${extra}`);
      }
      return { domListeners: [...live.values()].filter(({ target }) => holdsOn(target.deref())).map(({ label }) => label), intervals: intervals.size, eventHandlers };
    },
    restore: () => {
      for (const undo of restoreListeners) undo();
      window.setInterval = rawSetInterval;
      window.clearInterval = rawClearInterval;
    },
  };
}
