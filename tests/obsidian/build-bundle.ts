// Builds the real plugin bundle (production options, as `npm run build` does) into a temp file,
// so tests load exactly what users install without depending on a previous build.
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import esbuild from 'esbuild';
import { guardLookbehindLiterals } from '../../esbuild.lookbehind.mjs';
import { pluginOptions } from '../../esbuild.options.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');

export interface BundleBuild {
  /** Another entry point than main.ts (a test's own), bundled with the plugin's options. */
  entry?: string;
  /** Dependencies whose evaluation is recorded (see `evaluationMarkers`). */
  markers?: readonly EvaluationMarker[];
}

export async function buildPluginBundle(build: BundleBuild = {}): Promise<string> {
  const outfile = path.join(mkdtempSync(path.join(tmpdir(), 'reeve-bundle-')), 'main.js');
  const options = pluginOptions(true, outfile);
  await esbuild.build({
    ...options,
    ...(build.entry ? { entryPoints: [build.entry] } : {}),
    plugins: [...(build.markers?.length ? [markEvaluation(build.markers)] : []), ...(options.plugins ?? [])],
    absWorkingDir: root,
    logLevel: 'silent',
  });
  return outfile;
}

/** Removes a bundle `buildPluginBundle` built, with its folder (a megabyte each in the temp folder). */
export function removePluginBundle(file: string): void {
  if (file !== '') rmSync(path.dirname(file), { recursive: true, force: true });
}

/** A dependency's module, by the end of its path, and the name it records when it is evaluated. */
export interface EvaluationMarker {
  name: string;
  file: RegExp;
}

/** What the plugin must not evaluate when Obsidian starts it: the provider drivers and the web page readers. */
export const HEAVY_MODULES: readonly EvaluationMarker[] = [
  { name: 'openai-driver', file: /[\\/]src[\\/]agents[\\/]llm[\\/]openai-driver\.ts$/ },
  { name: 'anthropic-driver', file: /[\\/]src[\\/]agents[\\/]llm[\\/]anthropic-driver\.ts$/ },
  { name: '@mozilla/readability', file: /[\\/]node_modules[\\/]@mozilla[\\/]readability[\\/]Readability\.js$/ },
  { name: 'turndown', file: /[\\/]node_modules[\\/]turndown[\\/]lib[\\/]turndown\.browser\.es\.js$/ },
];

/** The names the marked modules of a bundle recorded so far, in the order they were evaluated. */
export function evaluatedModules(): string[] {
  return [...((globalThis as { __reeveEvaluated?: string[] }).__reeveEvaluated ?? [])];
}

export function forgetEvaluatedModules(): void {
  delete (globalThis as { __reeveEvaluated?: string[] }).__reeveEvaluated;
}

/**
 * Appends to each marked module a statement that records its name when the module is evaluated
 * (its top level runs), after the same lookbehind guard the production build applies.
 */
function markEvaluation(markers: readonly EvaluationMarker[]): esbuild.Plugin {
  return {
    name: 'mark-evaluation',
    setup(b) {
      b.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
        const marker = markers.find((m) => m.file.test(args.path));
        if (!marker) return undefined;
        const text = await readFile(args.path, 'utf8');
        const guarded = guardLookbehindLiterals(text, args.path) ?? text;
        const loader = args.path.endsWith('.ts') ? 'ts' : 'js';
        return { contents: `${guarded}\n;(globalThis.__reeveEvaluated ??= []).push(${JSON.stringify(marker.name)});\n`, loader };
      });
    },
  };
}
