// The plugin bundle: its size, and the time to evaluate it and run onload in the test runtime,
// against an empty plugin built and loaded the same way.
import { readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import esbuild from 'esbuild';
import { pluginOptions } from '../../esbuild.options.mjs';
import { fmtBytes, type Workload } from '../harness';

const root = path.resolve(import.meta.dirname, '..', '..');

async function build(entry: string, outfile: string): Promise<void> {
  await esbuild.build({ ...pluginOptions(true, outfile), entryPoints: [entry], absWorkingDir: root, logLevel: 'silent' });
}

const workload: Workload = {
  name: 'plugin-bundle',
  description: 'Size of the production `main.js`, and the time to evaluate it and run `onload` in the Obsidian test runtime (happy-dom), and to compile it alone, against an empty plugin built and loaded the same way.',
  async run(bench, ctx) {
    const { installDomGlobals } = await import('../../tests/obsidian/happy-dom-globals');
    await installDomGlobals();
    const { App } = await import('obsidian-test-mocks/obsidian');
    const { loadBundle, readManifest } = await import('../../tests/obsidian/load-bundle');

    const main = path.join(ctx.tmp, 'main.js');
    const emptyEntry = path.join(ctx.tmp, 'empty.ts');
    const empty = path.join(ctx.tmp, 'empty.js');
    writeFileSync(emptyEntry, "import { Plugin } from 'obsidian';\nexport default class Empty extends Plugin { override onload(): void {} }\n");
    await build('main.ts', main);
    await build(emptyEntry, empty);

    const bytes = await readFile(main);
    const emptyBytes = await readFile(empty);
    bench.record({ case: 'main.js size', value: fmtBytes(bytes.length), baseline: 'empty plugin', baselineValue: fmtBytes(emptyBytes.length), note: `gzip ${fmtBytes(gzipSync(bytes).length)}` });

    const settle = async (): Promise<void> => {
      for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 0));
    };
    // Every evaluation gets a source of its own (a unique comment at the end): V8 caches the
    // compilation of a script under about 1 MB by its text, and compiling is most of the start.
    let run = 0;
    const loadAndStart = (file: string) => async () => {
      const app = App.createConfigured__();
      const PluginClass = loadBundle(file, `\n// evaluation ${++run}\n`);
      const plugin = new PluginClass(app, readManifest());
      plugin.load();
      await settle();
      plugin.unload();
    };
    await bench.compare('evaluate main.js + onload', loadAndStart(main), 'empty plugin', loadAndStart(empty), { repeats: ctx.quick ? 10 : 40, warmup: 3 });
    // How much of that is compiling alone: the script is compiled (V8 parses the top level and
    // pre-parses every function in it) but not run. What is left of the row above is evaluating
    // the modules' top level, onload, and the settle both sides share.
    const texts = new Map([main, empty].map((f) => [f, readFileSync(f, 'utf8')]));
    const compileOnly = (file: string) => () => {
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- compiling the bundle as Obsidian does is what is measured
      new Function('module', 'exports', 'require', `${texts.get(file) ?? ''}\n// compilation ${++run}\n`);
    };
    await bench.compare('compile main.js only', compileOnly(main), 'empty plugin', compileOnly(empty), { repeats: ctx.quick ? 10 : 40, warmup: 3 });
    const load = (await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' / ');
    bench.record({ case: 'machine load at the end', value: load, note: '1, 5 and 15 min load average on 2 cores: the machine is shared, and the times scale with it' });
  },
};

export default workload;
