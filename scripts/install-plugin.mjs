// `npm run install-plugin -- <vault> [--force]`: copies the built plugin into
// <vault>/.obsidian/plugins/reeve/. A folder without `.obsidian/` is not a vault (yet): installing
// there would make one without a word, so it is refused unless --force says that is meant.
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import * as path from 'node:path';

const args = process.argv.slice(2);
const force = args.includes('--force');
const [vault, extra] = args.filter((a) => a !== '--force');
if (!vault || extra !== undefined) {
  console.error('usage: npm run install-plugin -- <path to vault> [--force]');
  process.exit(2);
}
if (!existsSync(vault) || !statSync(vault).isDirectory()) {
  console.error(`error: ${vault} is not a folder`);
  process.exit(2);
}
const config = path.join(vault, '.obsidian');
if (!force && !(existsSync(config) && statSync(config).isDirectory())) {
  console.error(`error: ${vault} is not an Obsidian vault (it has no .obsidian folder); open it as a vault in Obsidian first, or add --force to make it one`);
  process.exit(2);
}
if (!existsSync('main.js')) {
  console.error('error: main.js is missing; run `npm run build` first');
  process.exit(1);
}
const target = path.join(config, 'plugins', 'reeve');
mkdirSync(target, { recursive: true });
for (const f of ['main.js', 'manifest.json', 'styles.css']) copyFileSync(f, path.join(target, f));
console.log(`installed Reeve into ${target}; enable it in Settings → Community plugins`);
