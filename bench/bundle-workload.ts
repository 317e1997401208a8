// Workloads run as the CLI ships: bundled by esbuild into ESM for Node, not from source through
// tsx. Under tsx every module is turned into CommonJS (an imported constant read in a hot loop is a
// getter call) and every closure is named by a defineProperty call (esbuild's keepNames); two
// helpers measured what that costs on 2026-11-28: a keyword query for `re` 7.7 ms of CPU from
// source against 2.1 ms bundled, a cold open of 20k notes 1.25x the CPU of the bundle. A figure in
// BENCHMARKS.md is what a user's machine does, so the worker and the workload are bundled first.
import * as esbuild from 'esbuild';
import { readFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';

/**
 * `import.meta.dirname` and `import.meta.filename` of each bundled module become the source
 * file's own folder and name: the bench finds its fixtures, the corpus generator's text and the
 * example vault beside its sources, and a bundle has one `import.meta` for all its modules.
 */
const keepSourceLocation: esbuild.Plugin = {
  name: 'keep-source-location',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.')) return undefined;
      const contents = source
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents, loader: 'ts' };
    });
  },
};

/**
 * Bundles `entry` (a .ts file) into `bench/.cache/bundled/<name>.mjs` and returns that path. The
 * bundle sits inside the repository so Node finds the packages in node_modules, which stay
 * outside it (the libraries run the same either way; Reeve's own code is what is measured).
 */
export async function bundleForBench(entry: string, name: string): Promise<string> {
  const outDir = path.join(import.meta.dirname, '.cache', 'bundled');
  mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, `${name}.mjs`);
  await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // `obsidian` ships only types: workloads on the Obsidian adapter get the test runtime, as vitest's
    // alias and obsidian-runtime.ts give them (bundled in, so the runtime and the adapter share it).
    alias: { obsidian: path.join(import.meta.dirname, '..', 'tests', 'obsidian', 'index.ts') },
    outfile,
    minify: false,
    sourcemap: false,
    logLevel: 'warning',
    plugins: [keepSourceLocation],
    // As the CLI's bundle (esbuild.options.mjs): a CommonJS `require` for the modules that ask for one.
    banner: { js: "import { createRequire as __reeveCreateRequire } from 'node:module'; const require = __reeveCreateRequire(import.meta.url);" },
  });
  return outfile;
}
