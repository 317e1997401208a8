// Build options for the two bundles, shared by esbuild.config.mjs and the tests that load the
// real bundle: the plugin (main.js, CommonJS, for Obsidian) and the CLI (dist/cli.mjs, ESM, Node).
import { builtinModules } from 'node:module';
import { guardLookbehind } from './esbuild.lookbehind.mjs';

const pluginExternal = ['obsidian', 'electron', '@codemirror/*', '@lezer/*', ...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

/** @returns {import('esbuild').BuildOptions} */
export function pluginOptions(production, outfile = 'main.js') {
  return {
    entryPoints: ['main.ts'],
    bundle: true,
    format: 'cjs',
    platform: 'browser',
    target: 'es2022',
    external: pluginExternal,
    outfile,
    minify: production,
    sourcemap: production ? false : 'inline',
    treeShaking: true,
    plugins: [guardLookbehind],
    logLevel: 'info',
    banner: { js: '/* Reeve: agents for your vault, with your consent. MIT licensed. */' },
  };
}

/** @returns {import('esbuild').BuildOptions} */
export function cliOptions(production, outfile = 'dist/cli.mjs') {
  return {
    entryPoints: ['src/cli/bin.ts'],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile,
    minify: false,
    sourcemap: production ? false : 'inline',
    logLevel: 'info',
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as __reeveCreateRequire } from 'node:module'; const require = __reeveCreateRequire(import.meta.url);",
    },
  };
}
