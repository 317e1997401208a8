// Writes THIRD-PARTY-NOTICES.md: every npm package bundled into main.js (the plugin) or
// dist/cli.mjs (the CLI), with its licence and the licence text it ships, read from esbuild's
// metafile of the production builds, so the list is what the bundles hold, not what package.json
// says. `--check` fails when the committed file differs from what this would write.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import esbuild from 'esbuild';
import { cliOptions, pluginOptions } from '../esbuild.options.mjs';

const root = path.resolve(import.meta.dirname, '..');
const target = path.join(root, 'THIRD-PARTY-NOTICES.md');

/** Package names of the node_modules inputs of one production build. */
async function bundled(options) {
  const r = await esbuild.build({ ...options, absWorkingDir: root, logLevel: 'silent', metafile: true, write: false });
  const names = new Set();
  for (const input of Object.keys(r.metafile.inputs)) {
    const m = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (m) names.add(m[1]);
  }
  return names;
}

function licenceText(dir) {
  const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(f));
  return file ? readFileSync(path.join(dir, file), 'utf8').trim() : null;
}

export async function notices() {
  const plugin = await bundled(pluginOptions(true, path.join(root, 'main.js')));
  const cli = await bundled(cliOptions(true, path.join(root, 'dist', 'cli.mjs')));
  const names = [...new Set([...plugin, ...cli])].sort();
  const out = [
    '# Third-party notices',
    '',
    'Reeve (MIT, see LICENSE) bundles these npm packages. `main.js` is the plugin, `cli.mjs` the `reeve`',
    'command. Written by `npm run notices` from the production builds; `npm test` checks it is current.',
    '',
  ];
  for (const name of names) {
    const dir = path.join(root, 'node_modules', name);
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const where = [plugin.has(name) ? 'main.js' : null, cli.has(name) ? 'cli.mjs' : null].filter(Boolean).join(', ');
    out.push(`## ${name} ${pkg.version}`, '', `Licence: ${pkg.license ?? 'not stated'}. In: ${where}.`, '');
    const text = existsSync(dir) ? licenceText(dir) : null;
    out.push(text === null ? '(The package ships no licence file.)' : text.split('\n').map((l) => `    ${l}`.trimEnd()).join('\n'), '');
  }
  return out.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const text = await notices();
  if (process.argv.includes('--check')) {
    const now = existsSync(target) ? readFileSync(target, 'utf8') : '';
    if (now !== text) {
      console.error('THIRD-PARTY-NOTICES.md is not what the bundles hold; run npm run notices');
      process.exit(1);
    }
  } else writeFileSync(target, text);
}
