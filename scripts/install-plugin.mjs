// `npm run install-plugin -- <vault>`: copies the built plugin into <vault>/.obsidian/plugins/reeve/.
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import * as path from 'node:path';

const vault = process.argv[2];
if (!vault) {
  console.error('usage: npm run install-plugin -- <path to vault>');
  process.exit(2);
}
if (!existsSync(vault) || !statSync(vault).isDirectory()) {
  console.error(`error: ${vault} is not a folder`);
  process.exit(2);
}
if (!existsSync('main.js')) {
  console.error('error: main.js is missing; run `npm run build` first');
  process.exit(1);
}
const target = path.join(vault, '.obsidian', 'plugins', 'reeve');
mkdirSync(target, { recursive: true });
for (const f of ['main.js', 'manifest.json', 'styles.css']) copyFileSync(f, path.join(target, f));
console.log(`installed Reeve into ${target}; enable it in Settings → Community plugins`);
