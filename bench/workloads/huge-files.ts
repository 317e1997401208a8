// Peak memory of `reeve organize --apply` and `reeve undo` on huge attachments (sparse files, so
// the disk holds next to nothing): one of 1 GB, one of 2.5 GB (over the 2 GiB Node can read whole),
// two identical ones of 1 GB (the duplicate check hashes both). Each command is a child process
// running the built CLI; its peak RSS is what the process itself reports on exit. The baseline is
// the same commands on the same vault with the big files 1 KB each.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fmtBytes, fmtMs, type Workload } from '../harness';
import { buildCliBundle, removeCliBundle } from '../../tests/helpers/cli';

const GB = 1e9;

interface Measured {
  rss: number;
  ms: number;
}

/** Preloaded into the child: writes its peak resident set size, in bytes, to REEVE_RSS_OUT on exit. */
const RSS_ON_EXIT = `data:text/javascript,${encodeURIComponent(
  "import{writeFileSync}from'node:fs';const o=process.env.REEVE_RSS_OUT;if(o)process.on('exit',()=>writeFileSync(o,String(process.resourceUsage().maxRSS*1024)));",
)}`;

function run(bin: string, args: string[], rssFile: string): Measured {
  const t0 = performance.now();
  execFileSync(process.execPath, ['--import', RSS_ON_EXIT, bin, ...args], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, REEVE_RSS_OUT: rssFile },
  });
  return { rss: Number(readFileSync(rssFile, 'utf8')), ms: performance.now() - t0 };
}

/** A vault with the given files (sparse, of these sizes) and a note; organize + undo, peak of both. */
function measure(bin: string, dir: string, sizes: Record<string, number>): { organize: Measured; undo: Measured } {
  mkdirSync(path.join(dir, '.obsidian'), { recursive: true });
  mkdirSync(path.join(dir, 'Inbox'), { recursive: true });
  writeFileSync(path.join(dir, '.obsidian', 'app.json'), '{}\n');
  writeFileSync(path.join(dir, 'Inbox', 'note.md'), '# A note\n');
  for (const [name, size] of Object.entries(sizes)) {
    writeFileSync(path.join(dir, 'Inbox', name), '');
    truncateSync(path.join(dir, 'Inbox', name), size);
  }
  const rules = `${dir}-rules.json`;
  writeFileSync(rules, JSON.stringify({ rules: [{ name: 'Binaries', if: 'file.ext == "bin"', thenMoveTo: 'Binaries' }] }));
  const rss = `${dir}-rss`;
  const organize = run(bin, ['organize', dir, '--folder', 'Inbox', '--rules', rules, '--sources', 'rules', '--apply'], rss);
  const undo = run(bin, ['undo', dir], rss);
  return { organize, undo };
}

const workload: Workload = {
  name: 'huge-files',
  description:
    'Peak RSS of `reeve organize --apply` (rules moving the files) and `reeve undo`, each a child process of the built CLI, on sparse files of 1 GB, 2.5 GB and two identical of 1 GB (duplicate check), against the same vault with the files 1 KB each. Hashes and copies are streamed and a move is a rename, so memory does not grow with the files; the time is spent hashing.',
  async run(bench, ctx) {
    const bin = await buildCliBundle();
    try {
      const cases: [string, Record<string, number>][] = [
        ['one file of 1 GB', { 'big.bin': GB }],
        ['one file of 2.5 GB', { 'big.bin': 2.5 * GB }],
        ['two identical files of 1 GB', { 'a.bin': GB, 'b.bin': GB }],
      ];
      for (const [i, [name, sizes]] of cases.entries()) {
        const big = measure(bin, path.join(ctx.tmp, `big${i}`), sizes);
        const small = measure(bin, path.join(ctx.tmp, `small${i}`), Object.fromEntries(Object.keys(sizes).map((k) => [k, 1024])));
        const peak = Math.max(big.organize.rss, big.undo.rss);
        const base = Math.max(small.organize.rss, small.undo.rss);
        bench.record({
          case: `${name}: organize --apply + undo, peak RSS`,
          value: fmtBytes(peak),
          baseline: 'same files of 1 KB',
          baselineValue: fmtBytes(base),
          ratio: `${(peak / base).toFixed(2)}x`,
          note: `organize ${fmtMs(big.organize.ms)} (RSS ${fmtBytes(big.organize.rss)}), undo ${fmtMs(big.undo.ms)} (RSS ${fmtBytes(big.undo.rss)})`,
        });
      }
    } finally {
      removeCliBundle(bin);
    }
  },
};

export default workload;
