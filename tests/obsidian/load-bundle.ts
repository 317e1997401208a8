// Loads the built plugin bundle (main.js, CommonJS) into the test runtime the way Obsidian does:
// evaluate it with a `require` that answers 'obsidian' with the runtime, instantiate the default
// export with (app, manifest), and drive its lifecycle.
import { readFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import * as path from 'node:path';
import type { PluginManifest } from 'obsidian';
import * as runtime from './index';
import type { App, Plugin } from 'obsidian-test-mocks/obsidian';

const root = path.resolve(import.meta.dirname, '..', '..');
const nodeRequire = createRequire(import.meta.url);

export function readManifest(): PluginManifest {
  return JSON.parse(readFileSync(path.join(root, 'manifest.json'), 'utf8')) as PluginManifest;
}

type PluginClass = new (app: App, manifest: PluginManifest) => Plugin;

/**
 * `sourceSuffix` is appended to the script (a comment, say): V8 caches the compilation of a script
 * under about 1 MB by its text, so a benchmark that evaluates the bundle many times gives each
 * evaluation a text of its own, or it measures the cache instead of the start.
 */
/** Every Node built-in module a loaded bundle asked `require` for, in order. */
export const requiredBuiltins: string[] = [];

export function loadBundle(file = path.join(root, 'main.js'), sourceSuffix = ''): PluginClass {
  const code = readFileSync(file, 'utf8') + sourceSuffix;
  const module = { exports: {} as Record<string, unknown> };
  const requireShim = (id: string): unknown => {
    if (id === 'obsidian') return runtime;
    // Desktop Obsidian runs plugins with Node's built-in modules (mobile has none, so the plugin
    // loads them only behind a desktop check, and only when it needs them).
    if (isBuiltin(id)) {
      requiredBuiltins.push(id);
      return nodeRequire(id);
    }
    throw new Error(`main.js required "${id}", which Obsidian does not provide to plugins`);
  };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- evaluating the bundle is the point: it is what Obsidian does
  const factory = new Function('module', 'exports', 'require', code) as (m: unknown, e: unknown, r: unknown) => void;
  factory(module, module.exports, requireShim);
  const exported = (module.exports.default ?? module.exports) as PluginClass;
  if (typeof exported !== 'function') throw new Error('main.js does not export a plugin class');
  return exported;
}
