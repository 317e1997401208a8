// The rule DSL: 50 realistic rules compiled to closures and evaluated over 100k synthetic file
// records (--quick: 20k), against the same 50 rules written by hand as JavaScript predicates with
// the same meaning (case-insensitive text, local-day dates, nested tags), in the same run; then the
// same over the records of a generated vault on disk (metadata from the index, sizes from stat).
// No file is read: none of the rules uses file.content.
import * as path from 'node:path';
import { compileExpression } from '../../src/dsl/compile';
import { recordsFromVault } from '../../src/dsl/file-records';
import { prepareScope } from '../../src/dsl/evaluate';
import { planRules } from '../../src/dsl/plan-rules';
import { validateRules } from '../../src/dsl/rules';
import type { FileRecord } from '../../src/vault-vfs/file-record';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { writeCorpus } from '../corpus';
import { fmtMs, type Workload } from '../harness';
import { makeRng } from '../corpus';

type Hand = (r: FileRecord) => boolean;

/** mulberry32 (bench/corpus.ts): the same records on every machine. */
const prng = makeRng;

const day = (y: number, m: number, d: number): number => new Date(y, m - 1, d).getTime();
const lower = (s: unknown): string | null => (typeof s === 'string' ? s.toLowerCase() : null);
const hasTag = (tags: string[], t: string): boolean => tags.some((x) => { const l = x.toLowerCase(); return l === t || l.startsWith(t + '/'); });
const hasLink = (links: string[], q: string): boolean =>
  links.some((x) => { const p = x.toLowerCase(); const n = p.slice(p.lastIndexOf('/') + 1); return p === q || p === q + '.md' || n === q || n === q + '.md'; });
const fm = (r: FileRecord, k: string): unknown => r.frontmatter?.[k] ?? null;
const MB = 1024 * 1024;

const RULES: [string, Hand][] = [
  ['file.ext == "pdf"', (r) => r.ext === 'pdf'],
  ['file.size > 100MB', (r) => r.size > 100 * MB],
  ['file.name.startsWith("Screenshot") AND file.ext IN ["png", "jpg"]', (r) => r.name.toLowerCase().startsWith('screenshot') && (r.ext === 'png' || r.ext === 'jpg')],
  ['file.isHidden AND file.name.endsWith("rc")', (r) => r.isHidden && r.name.toLowerCase().endsWith('rc')],
  ['file.ext IN ["png", "jpg", "jpeg", "gif", "webp"] AND file.folder == "Inbox"', (r) => ['png', 'jpg', 'jpeg', 'gif', 'webp'].includes(r.ext) && r.folder.toLowerCase() === 'inbox'],
  ['file.ext IN ["mp4", "mov", "mkv"] AND file.size > 50MB', (r) => (r.ext === 'mp4' || r.ext === 'mov' || r.ext === 'mkv') && r.size > 50 * MB],
  ['file.ext == "md" AND file.tags.contains("meeting")', (r) => r.ext === 'md' && hasTag(r.tags, 'meeting')],
  ['file.ext == "md" AND file.tags.count == 0 AND file.backlinks.count == 0', (r) => r.ext === 'md' && r.tags.length === 0 && r.backlinks.length === 0],
  ['file.frontmatter.status == "done"', (r) => lower(fm(r, 'status')) === 'done'],
  ['file.frontmatter.status == "done" AND file.modifiedAt < 2023-01-01', (r) => lower(fm(r, 'status')) === 'done' && r.mtime < day(2023, 1, 1)],
  ['file.frontmatter.priority >= 3', (r) => { const p = fm(r, 'priority'); return typeof p === 'number' && p >= 3; }],
  ['file.frontmatter.type == "book"', (r) => lower(fm(r, 'type')) === 'book'],
  ['file.frontmatter.due < 2024-01-01 AND file.frontmatter.status != "done"', (r) => { const d = fm(r, 'due'); return typeof d === 'string' && d.slice(0, 10) < '2024-01-01' && lower(fm(r, 'status')) !== 'done'; }],
  ['file.name MATCHES "^IMG_\\d{4}$"', (r) => /^IMG_\d{4}$/iu.test(r.name)],
  ['file.name MATCHES "\\d{4}-\\d{2}-\\d{2}"', (r) => /\d{4}-\d{2}-\d{2}/iu.test(r.name)],
  ['file.path.startsWith("Archive/")', (r) => r.path.toLowerCase().startsWith('archive/')],
  ['file.folder == "" AND file.ext != "md"', (r) => r.folder === '' && r.ext !== 'md'],
  ['file.modifiedAt < 2020-01-01', (r) => r.mtime < day(2020, 1, 1)],
  ['file.createdAt >= 2024-01-01 AND file.ext == "md"', (r) => r.ctime >= day(2024, 1, 1) && r.ext === 'md'],
  ['file.mimeType.startsWith("image/")', (r) => r.mimeType.toLowerCase().startsWith('image/')],
  ['file.mimeType.startsWith("audio/")', (r) => r.mimeType.toLowerCase().startsWith('audio/')],
  ['file.mimeType == "application/pdf" AND file.size < 1MB', (r) => r.mimeType.toLowerCase() === 'application/pdf' && r.size < MB],
  ['file.name.contains("invoice") OR file.name.contains("receipt")', (r) => { const n = r.name.toLowerCase(); return n.includes('invoice') || n.includes('receipt'); }],
  ['file.name.contains("draft") AND NOT file.tags.contains("keep")', (r) => r.name.toLowerCase().includes('draft') && !hasTag(r.tags, 'keep')],
  ['file.ext == "docx" OR file.ext == "xlsx" OR file.ext == "pptx"', (r) => r.ext === 'docx' || r.ext === 'xlsx' || r.ext === 'pptx'],
  ['file.ext IN ["zip", "tar", "gz", "7z"]', (r) => ['zip', 'tar', 'gz', '7z'].includes(r.ext)],
  ['file.tags.contains("project") AND file.links.count > 3', (r) => hasTag(r.tags, 'project') && r.links.length > 3],
  ['file.backlinks.count >= 5', (r) => r.backlinks.length >= 5],
  ['file.links.contains("Index")', (r) => hasLink(r.links, 'index')],
  ['file.tags IN ["journal", "daily"]', (r) => hasTag(r.tags, 'journal') || hasTag(r.tags, 'daily')],
  ['file.ext == "md" AND file.size < 100B', (r) => r.ext === 'md' && r.size < 100],
  ['file.ext == "md" AND file.size > 50KB', (r) => r.ext === 'md' && r.size > 50 * 1024],
  ['NOT file.isHidden AND file.ext == ""', (r) => !r.isHidden && r.ext === ''],
  ['file.name.endsWith(" copy") OR file.name MATCHES " \\(\\d+\\)$"', (r) => r.name.toLowerCase().endsWith(' copy') || / \(\d+\)$/iu.test(r.name)],
  ['file.folder.startsWith("Projects") AND file.frontmatter.status == "archived"', (r) => r.folder.toLowerCase().startsWith('projects') && lower(fm(r, 'status')) === 'archived'],
  ['file.frontmatter.archived', (r) => fm(r, 'archived') === true],
  ['file.frontmatter.tags.contains("reference")', (r) => { const t = fm(r, 'tags'); return Array.isArray(t) && t.some((x) => lower(x) === 'reference'); }],
  ['file.ext == "canvas"', (r) => r.ext === 'canvas'],
  ['file.ext == "txt" AND file.modifiedAt < 2022-06-01', (r) => r.ext === 'txt' && r.mtime < day(2022, 6, 1)],
  ['file.name == "Untitled" OR file.name.startsWith("Untitled ")', (r) => { const n = r.name.toLowerCase(); return n === 'untitled' || n.startsWith('untitled '); }],
  ['file.ext == "pdf" AND file.folder != "Documents/PDFs"', (r) => r.ext === 'pdf' && r.folder.toLowerCase() !== 'documents/pdfs'],
  ['(file.ext == "png" OR file.ext == "jpg") AND file.size > 5MB', (r) => (r.ext === 'png' || r.ext === 'jpg') && r.size > 5 * MB],
  ['file.folder == "Inbox" AND file.modifiedAt < 2024-01-01', (r) => r.folder.toLowerCase() === 'inbox' && r.mtime < day(2024, 1, 1)],
  ['file.frontmatter.author != null AND file.ext == "md"', (r) => fm(r, 'author') !== null && r.ext === 'md'],
  ['file.frontmatter.rating > 4', (r) => { const v = fm(r, 'rating'); return typeof v === 'number' && v > 4; }],
  ['file.tags.contains("todo") AND file.frontmatter.status != "done"', (r) => hasTag(r.tags, 'todo') && lower(fm(r, 'status')) !== 'done'],
  ['file.ext == "md" AND file.folder MATCHES "^Daily/\\d{4}"', (r) => r.ext === 'md' && /^Daily\/\d{4}/iu.test(r.folder)],
  ['file.mimeType.startsWith("video/") OR file.mimeType.startsWith("audio/")', (r) => { const m = r.mimeType.toLowerCase(); return m.startsWith('video/') || m.startsWith('audio/'); }],
  ['file.ext == "svg" OR file.ext == "ico"', (r) => r.ext === 'svg' || r.ext === 'ico'],
  ['file.size == 0', (r) => r.size === 0],
];

const FOLDERS = ['', 'Inbox', 'Archive', 'Archive/2021', 'Projects/Alpha', 'Projects/Beta', 'Daily/2023', 'Daily/2024', 'Documents/PDFs', 'Media', '.config'];
const EXTS: [string, string, number][] = [
  ['md', 'text/markdown', 60], ['png', 'image/png', 8], ['jpg', 'image/jpeg', 6], ['pdf', 'application/pdf', 8], ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 3],
  ['mp4', 'video/mp4', 2], ['mp3', 'audio/mpeg', 2], ['zip', 'application/zip', 2], ['txt', 'text/plain', 3], ['canvas', 'application/json', 2], ['svg', 'image/svg+xml', 2], ['', 'application/octet-stream', 2],
];
const NAMES = ['Screenshot 2023-04-05 at 10.11.12', 'IMG_4821', 'Invoice March', 'receipt-coffee', 'Meeting notes', 'Untitled', 'Untitled 3', 'draft essay', 'Index', 'report (2)', 'report copy', '2024-02-01', 'Book list', '.eslintrc', 'ideas'];
const TAGS = ['meeting', 'project', 'project/alpha', 'journal', 'daily', 'todo', 'keep', 'reading', 'work/acme'];
const STATUS = ['done', 'Done', 'active', 'archived', 'todo'];

function makeRecords(n: number, seed: number): FileRecord[] {
  const rand = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const totalWeight = EXTS.reduce((s, e) => s + e[2], 0);
  const records: FileRecord[] = [];
  for (let i = 0; i < n; i++) {
    let w = rand() * totalWeight;
    const [ext, mimeType] = EXTS.find((e) => (w -= e[2]) < 0) ?? EXTS[0] ?? ['md', 'text/markdown', 1];
    const folder = pick(FOLDERS);
    const name = `${pick(NAMES)}${rand() < 0.5 ? '' : ` ${i}`}`;
    const path = `${folder === '' ? '' : folder + '/'}${name}${ext === '' ? '' : '.' + ext}`;
    const isNote = ext === 'md';
    const tags = isNote ? Array.from({ length: Math.floor(rand() * 3) }, () => pick(TAGS)) : [];
    const frontmatter: Record<string, unknown> | null = isNote && rand() < 0.6
      ? Object.fromEntries(
          ([
            ['status', pick(STATUS)], ['priority', Math.floor(rand() * 5)], ['due', `202${Math.floor(rand() * 5)}-0${1 + Math.floor(rand() * 9)}-1${Math.floor(rand() * 9)}`],
            ['type', pick(['book', 'note', 'Book'])], ['author', 'Ann'], ['rating', rand() * 5], ['archived', rand() < 0.1], ['tags', [pick(['reference', 'idea'])]],
          ] as [string, unknown][]).filter(() => rand() < 0.5),
        )
      : null;
    const mtime = day(2019, 1, 1) + Math.floor(rand() * 6 * 365) * 86_400_000 + Math.floor(rand() * 86_400_000);
    records.push({
      path,
      name,
      ext,
      folder,
      size: Math.floor(Math.exp(rand() * 20)) - 1,
      ctime: mtime - Math.floor(rand() * 400) * 86_400_000,
      mtime,
      mimeType,
      isHidden: path.split('/').some((s) => s.startsWith('.')),
      tags,
      links: isNote ? Array.from({ length: Math.floor(rand() * 6) }, () => pick(['Index.md', 'Projects/Alpha/Plan.md', 'Missing', 'Media/pic.png'])) : [],
      backlinks: Array.from({ length: Math.floor(rand() * rand() * 8) }, (_, k) => `Daily/2024/${k}.md`),
      frontmatter,
    });
  }
  return records;
}

const workload: Workload = {
  name: 'dsl-rules',
  description:
    'Rule DSL: 50 realistic rules compiled to closures and evaluated over 100k synthetic file records (every rule on every record, 5M evaluations), ' +
    'against the same 50 rules hand-written as JavaScript predicates with the same meaning, in the same run; then the same over the file records of a generated vault ' +
    'on disk (metadata from NodeVault\'s index, sizes and dates from stat). Metadata only: no file is read.',
  async run(bench, ctx) {
    const n = ctx.quick ? 20_000 : 100_000;
    const records = makeRecords(n, 7);

    const compileTiming = await bench.time(() => RULES.map(([e]) => compileExpression(e)), 20, 3);
    const compiled = RULES.map(([e]) => compileExpression(e));
    const prepared = await prepareScope(compiled, records);
    if (prepared.contentReads !== 0) throw new Error('a benchmark rule read file content');
    bench.record({ case: `compile ${RULES.length} rules`, value: fmtMs(compileTiming.medianMs), note: `median of ${compileTiming.runs}` });

    const predicates = compiled.map((c) => c.predicate);
    const hand = RULES.map(([, h]) => h);
    const scope = prepared.scope;
    // The two must agree rule by rule, or the comparison means nothing.
    const assertAgree = (rs: readonly FileRecord[], sc: typeof scope): void => {
      for (const [i, p] of predicates.entries()) {
        const h = hand[i] as Hand;
        const a = rs.filter((r) => p(r, sc)).length;
        const b = rs.filter((r) => h(r)).length;
        if (a !== b) throw new Error(`rule ${i + 1} (${RULES[i]?.[0] ?? ''}): compiled matches ${a}, hand-written ${b}`);
      }
    };
    assertAgree(records, scope);
    let sink = 0;
    const runCompiled = (): void => {
      let hits = 0;
      for (const r of records) for (const p of predicates) if (p(r, scope)) hits++;
      sink += hits;
    };
    const runHand = (): void => {
      let hits = 0;
      for (const r of records) for (const h of hand) if (h(r)) hits++;
      sink += hits;
    };
    await bench.compare(
      `${RULES.length} compiled rules x ${n / 1000}k records`,
      runCompiled,
      'hand-written predicates',
      runHand,
      { repeats: ctx.quick ? 5 : 7, warmup: 2, note: `${(RULES.length * n) / 1e6}M evaluations; median of ${ctx.quick ? 5 : 7}` },
    );

    // The same rules over the records of a real vault on disk: metadata from NodeVault's index,
    // sizes and dates from stat, no file read (none of the rules uses file.content).
    const notes = ctx.quick ? 10_000 : 100_000;
    const dir = path.join(ctx.tmp, 'dsl-corpus');
    await writeCorpus(dir, { notes, seed: 11 });
    const vault = await NodeVault.open(dir);
    let vaultRecords: FileRecord[] = [];
    const recordsTiming = await bench.time(async () => {
      vaultRecords = await recordsFromVault(vault);
    }, 3, 1);
    bench.record({ case: `file records of a ${notes / 1000}k-note vault`, value: fmtMs(recordsTiming.medianMs), note: `${vaultRecords.length.toLocaleString('en')} records from the index and stat; median of ${recordsTiming.runs}` });
    const vaultScope = (await prepareScope(compiled, vaultRecords)).scope;
    assertAgree(vaultRecords, vaultScope);
    await bench.compare(
      `${RULES.length} compiled rules x ${vaultRecords.length.toLocaleString('en')} vault records`,
      () => {
        let hits = 0;
        for (const r of vaultRecords) for (const p of predicates) if (p(r, vaultScope)) hits++;
        sink += hits;
      },
      'hand-written predicates',
      () => {
        let hits = 0;
        for (const r of vaultRecords) for (const h of hand) if (h(r)) hits++;
        sink += hits;
      },
      { repeats: ctx.quick ? 5 : 7, warmup: 2, note: `generated corpus (seed 11); median of ${ctx.quick ? 5 : 7}` },
    );

    // The whole organize step on the same records: priorities, first match, destinations, folders.
    const rules = validateRules(RULES.map(([e], i) => ({ name: `rule ${i + 1}`, if: e, thenMoveTo: `Sorted/${i + 1}/{year}` })));
    let ops = 0;
    const planTiming = await bench.time(async () => {
      const plan = await planRules(rules, records, { folder: '', configDir: '.obsidian' });
      ops = plan.operations.length;
    }, 3, 1);
    bench.record({ case: `plan ${RULES.length} rules over ${n / 1000}k records`, value: fmtMs(planTiming.medianMs), note: `${ops} operations (first match claims; folders, collisions); median of ${planTiming.runs}` });
    if (sink < 0) throw new Error('unreachable');
  },
};

export default workload;
