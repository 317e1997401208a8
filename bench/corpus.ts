// A deterministic synthetic vault for benchmarks and large tests: N notes from a seed, with a
// realistic mix of sizes (200 B to 200 KB, most a few KB), frontmatter (tags, aliases, type,
// dates), headings, wikilinks and markdown links (some to missing notes), embeds, nested tags,
// daily notes, attachments (png, pdf) and non-ASCII names.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promises as fs, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';

export interface CorpusOptions {
  notes: number;
  seed?: number;
  /** Attachments per 100 notes; default 8. */
  attachmentsPer100?: number;
}

export interface CorpusFile {
  path: string;
  data: string | Uint8Array;
}

/** mulberry32: small, fast, good enough for test data, and identical on every machine. */
export function makeRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'the of and to in is that for it as with was on be by this are from at or an have not but ' +
  'project meeting idea garden research budget travel recipe reading notes review weekly plan ' +
  'design system vault link graph archive inbox draft summary client invoice tax health sleep ' +
  'running coffee bread sourdough kubernetes rust typescript obsidian markdown journal goals ' +
  'quarter roadmap hiring interview feedback retrospective architecture database migration ' +
  'café naïve résumé Zürich München straße été über façade smörgåsbord ' +
  'photosynthesis mitochondria entropy quantum lattice byzantine consensus raft paxos'
).split(' ');
const RARE = 'zephyrine quokkalith marzipanic obsidianite vellichor sonder petrichor apricity'.split(' ');
const TOPICS = ['Projects', 'Areas', 'Resources', 'Archive', 'Inbox', 'People', 'Meetings', 'Clippings', 'Résumés', '日本語'];
const SUBTOPICS = ['alpha', 'beta', 'gamma', 'Personal', 'Work', 'Kitchen', 'Travel', 'Reading'];
const TAGS = ['project', 'idea', 'todo', 'reading', 'meeting', 'area/health', 'area/work', 'status/active', 'status/done', 'person'];
const TYPES = ['note', 'meeting', 'person', 'project', 'clipping', 'book'];

function pick<T>(rng: () => number, xs: readonly T[]): T {
  return xs[Math.floor(rng() * xs.length)] as T;
}

/** Size in bytes: log-uniform-ish around 2-8 KB with a long tail up to 200 KB. */
function noteSize(rng: () => number): number {
  const r = rng();
  if (r < 0.05) return 200 + Math.floor(rng() * 600);
  if (r < 0.85) return 1000 + Math.floor(rng() * 7000);
  if (r < 0.98) return 8000 + Math.floor(rng() * 40000);
  return 50_000 + Math.floor(rng() * 150_000);
}

function sentence(rng: () => number): string {
  const n = 6 + Math.floor(rng() * 12);
  const ws: string[] = [];
  for (let i = 0; i < n; i++) ws.push(rng() < 0.002 ? pick(rng, RARE) : pick(rng, WORDS));
  const s = ws.join(' ');
  return s.charAt(0).toUpperCase() + s.slice(1) + '.';
}

function isoDate(rng: () => number): string {
  const d = new Date(Date.UTC(2019, 0, 1) + Math.floor(rng() * 6 * 365) * 86_400_000);
  return d.toISOString().slice(0, 10);
}

interface Plan {
  notePaths: string[];
  attachmentPaths: string[];
}

function planPaths(opts: CorpusOptions, rng: () => number): Plan {
  const notePaths: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < opts.notes; i++) {
    let p: string;
    const r = rng();
    if (r < 0.12) {
      p = `Daily/${isoDate(rng)}.md`;
    } else {
      const folder = rng() < 0.6 ? `${pick(rng, TOPICS)}/${pick(rng, SUBTOPICS)}` : pick(rng, TOPICS);
      const title = `${pick(rng, WORDS)} ${pick(rng, WORDS)} ${i}`;
      p = `${folder}/${title.charAt(0).toUpperCase()}${title.slice(1)}.md`;
    }
    if (seen.has(p.toLowerCase())) p = p.replace(/\.md$/, ` ${i}.md`);
    seen.add(p.toLowerCase());
    notePaths.push(p);
  }
  const attachmentPaths: string[] = [];
  const count = Math.round((opts.notes * (opts.attachmentsPer100 ?? 8)) / 100);
  for (let i = 0; i < count; i++) {
    const ext = rng() < 0.7 ? 'png' : 'pdf';
    const name = ext === 'png' ? `Screenshot ${isoDate(rng)} ${i}` : `${pick(rng, WORDS)} document ${i}`;
    attachmentPaths.push(`Attachments/${name}.${ext}`);
  }
  return { notePaths, attachmentPaths };
}

function basename(p: string): string {
  return p.slice(p.lastIndexOf('/') + 1).replace(/\.md$/, '');
}

function linkTo(rng: () => number, plan: Plan, from: string): string {
  const r = rng();
  if (r < 0.05) return `[[Missing note ${Math.floor(rng() * 1000)}]]`;
  const target = pick(rng, plan.notePaths);
  const name = basename(target);
  if (r < 0.55) return `[[${name}]]`;
  if (r < 0.7) return `[[${name}|${pick(rng, WORDS)}]]`;
  if (r < 0.8) return `[[${name}#Section 1]]`;
  // Markdown link, relative to the source, encoded.
  const rel = path.posix.relative(path.posix.dirname(from), target);
  return `[${pick(rng, WORDS)}](${encodeURI(rel)})`;
}

function noteText(rng: () => number, plan: Plan, p: string): string {
  const target = noteSize(rng);
  const tags = [pick(rng, TAGS), pick(rng, TAGS)];
  const fm = [
    '---',
    `type: ${pick(rng, TYPES)}`,
    `created: ${isoDate(rng)}`,
    `tags: [${[...new Set(tags)].join(', ')}]`,
    ...(rng() < 0.3 ? [`aliases: ["${pick(rng, WORDS)} ${pick(rng, WORDS)}"]`] : []),
    '---',
    '',
  ];
  const parts: string[] = [fm.join('\n'), `# ${basename(p)}\n`];
  let size = parts.join('').length;
  let section = 1;
  while (size < target) {
    let para: string;
    const r = rng();
    if (r < 0.1) para = `## Section ${section++}`;
    else if (r < 0.3) para = `${sentence(rng)} See ${linkTo(rng, plan, p)} and #${pick(rng, TAGS)}.`;
    else if (r < 0.33 && plan.attachmentPaths.length > 0) para = `![[${basename(pick(rng, plan.attachmentPaths))}]]`;
    else if (r < 0.4) para = `- [ ] ${sentence(rng)}\n- ${sentence(rng)}`;
    else para = `${sentence(rng)} ${sentence(rng)} ${sentence(rng)}`;
    parts.push(para + '\n\n');
    size += para.length + 2;
  }
  return parts.join('');
}

function attachmentBytes(rng: () => number, p: string): Uint8Array {
  const size = p.endsWith('.png') ? 2000 + Math.floor(rng() * 60_000) : 10_000 + Math.floor(rng() * 200_000);
  const bytes = new Uint8Array(size);
  const header = p.endsWith('.png') ? [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] : [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37];
  bytes.set(header);
  for (let i = header.length; i < size; i += 4) {
    const v = Math.floor(rng() * 0xffffffff);
    bytes[i] = v & 0xff;
    bytes[i + 1] = (v >>> 8) & 0xff;
    bytes[i + 2] = (v >>> 16) & 0xff;
    bytes[i + 3] = (v >>> 24) & 0xff;
  }
  return bytes;
}

/** Yields the corpus file by file, so 100k notes never sit in memory at once. */
export function* generateCorpus(opts: CorpusOptions): Generator<CorpusFile> {
  const rng = makeRng(opts.seed ?? 42);
  const plan = planPaths(opts, rng);
  for (const p of plan.notePaths) yield { path: p, data: noteText(rng, plan, p) };
  for (const p of plan.attachmentPaths) yield { path: p, data: attachmentBytes(rng, p) };
}

/** Generates the corpus into `dir`; returns the number of files and total bytes. */
async function generateInto(dir: string, opts: CorpusOptions): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  const made = new Set<string>();
  for (const f of generateCorpus(opts)) {
    const full = path.join(dir, f.path);
    const parent = path.dirname(full);
    if (!made.has(parent)) {
      await fs.mkdir(parent, { recursive: true });
      made.add(parent);
    }
    await fs.writeFile(full, f.data);
    files++;
    bytes += typeof f.data === 'string' ? Buffer.byteLength(f.data) : f.data.byteLength;
  }
  return { files, bytes };
}

/** Corpora of at least this many notes are generated once and copied from the cache. */
export const CACHED_FROM_NOTES = 10_000;

/**
 * Where the corpus of `opts` is kept between workloads and runs: under the system's temp folder,
 * named by its options and by this file's own text, so a change to the generator is a new corpus
 * and never an old one reused. `REEVE_BENCH_CORPUS_CACHE` names another folder.
 */
export function corpusCacheDir(opts: CorpusOptions, root = process.env.REEVE_BENCH_CORPUS_CACHE ?? path.join(os.tmpdir(), 'reeve-bench-corpus')): string {
  const generator = createHash('sha256').update(readFileSync(import.meta.filename)).digest('hex').slice(0, 12);
  return path.join(root, `${opts.notes}-${opts.seed ?? 42}-${opts.attachmentsPer100 ?? 8}-${generator}`);
}

const COMPLETE = '.complete.json';

/**
 * Writes the corpus under `dir`; returns the number of files and total bytes. A large corpus (100k
 * notes is 1.4 GB: 45 s of generating on an idle machine, 35 s of it CPU, and a full bench run
 * asked for three of them) is generated once into the cache (corpusCacheDir) and copied from there
 * with `cp` (a copy, not links: a workload may write into its vault, and the cache must stay
 * as generated). The copy's files are the same bytes; only their times differ, as they would.
 */
export async function writeCorpus(dir: string, opts: CorpusOptions): Promise<{ files: number; bytes: number }> {
  return opts.notes < CACHED_FROM_NOTES ? generateInto(dir, opts) : copyCachedCorpus(dir, opts, corpusCacheDir(opts));
}

/** writeCorpus through the cache folder `cache`: generated there if it is not complete, then copied. */
export async function copyCachedCorpus(dir: string, opts: CorpusOptions, cache: string): Promise<{ files: number; bytes: number }> {
  let counts = await fs.readFile(path.join(cache, COMPLETE), 'utf8').then((t) => JSON.parse(t) as { files: number; bytes: number }, () => null);
  if (counts === null) {
    // Generated beside the cache and renamed into place whole: a run stopped half-way, or another
    // process generating the same corpus at the same time, never leaves a partial cache behind.
    const staging = `${cache}.${process.pid}-${Date.now()}`;
    counts = await generateInto(staging, opts);
    await fs.writeFile(path.join(staging, COMPLETE), JSON.stringify(counts));
    try {
      await fs.rename(staging, cache);
    } catch {
      // Another process put the same corpus there first: use that one.
      await fs.rm(staging, { recursive: true, force: true });
    }
  }
  await fs.mkdir(dir, { recursive: true });
  await promisify(execFile)('cp', ['-R', '--reflink=auto', `${cache}/.`, dir]);
  await fs.rm(path.join(dir, COMPLETE), { force: true });
  return counts;
}
