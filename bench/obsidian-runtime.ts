// For workloads that run Reeve's Obsidian adapter outside vitest: `obsidian` (which ships only
// types) resolves to the project's Obsidian test runtime (tests/obsidian/index.ts), as vitest's
// alias does, and the DOM globals the runtime expects are installed. Call before importing any
// module that imports 'obsidian'.
import { register } from 'node:module';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

let ready: Promise<void> | null = null;

export function useObsidianRuntime(): Promise<void> {
  ready ??= (async () => {
    const runtime = pathToFileURL(path.resolve(import.meta.dirname, '..', 'tests', 'obsidian', 'index.ts')).href;
    const hook = `export async function resolve(specifier, context, next) {
  if (specifier === 'obsidian') return next(${JSON.stringify(runtime)}, context);
  return next(specifier, context);
}`;
    register(`data:text/javascript,${encodeURIComponent(hook)}`);
    const { installDomGlobals } = await import('../tests/obsidian/happy-dom-globals');
    await installDomGlobals();
  })();
  return ready;
}
