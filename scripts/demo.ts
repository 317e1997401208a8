// `npm run demo`: the main job, offline, on the bundled example vault. Copies examples/messy-vault
// to a temp folder, organizes its Inbox with the example rules and the heuristics, applies the
// plan through the journal, shows that every link still resolves, undoes the job, and shows the
// vault is back as it was, byte for byte.
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { organizeFolder } from '../src/agents/organize/organize-run';
import { qualityLine } from '../src/agents/organize/scoring/plan-quality';
import { parseRulesJson } from '../src/dsl/rules';
import { newJobId } from '../src/edits/journal/journal-store';
import { undoJob } from '../src/edits/journal/recover-jobs';
import { NodeVault } from '../src/vault-vfs/node/node-vault';
import { treeText } from '../src/vault-vfs/shadow/tree-text';

const root = path.resolve(import.meta.dirname, '..');
const say = (s = ''): void => void process.stdout.write(s + '\n');
const fail = (s: string): never => {
  process.stderr.write(`demo: ${s}\n`);
  process.exit(1);
};

async function snapshot(dir: string, skip: (rel: string) => boolean): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (abs: string, rel: string): Promise<void> => {
    for (const e of await readdir(abs, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (skip(r)) continue;
      if (e.isDirectory()) await walk(path.join(abs, e.name), r);
      else out.set(r, (await readFile(path.join(abs, e.name))).toString('base64'));
    }
  };
  await walk(dir, '');
  return out;
}

/** Each note's resolved link targets, with every path mapped through `rename`. */
function graphOf(links: Record<string, Record<string, number>>, rename: (p: string) => string): string[] {
  return Object.entries(links).flatMap(([s, ts]) => Object.entries(ts).map(([t, n]) => `${rename(s)} -> ${rename(t)} x${n}`)).sort();
}

const dir = await mkdtemp(path.join(tmpdir(), 'reeve-demo-'));
try {
  await cp(path.join(root, 'examples', 'messy-vault'), dir, { recursive: true });
  say(`Reeve demo: organizing a copy of examples/messy-vault in ${dir}\n`);
  const ignore = (rel: string): boolean => rel === '.obsidian/plugins' || rel.startsWith('Reeve');
  const before = await snapshot(dir, ignore);
  let vault = await NodeVault.open(dir);
  const linksBefore = vault.resolvedLinks();
  const unresolvedBefore = Object.values(vault.unresolvedLinks()).reduce((n, m) => n + Object.keys(m).length, 0);
  say('Inbox before:');
  say(treeText(await vault.list(), 'Inbox', { filesPerType: 40 }).replace(/^/gm, '  '));

  const rules = parseRulesJson(await readFile(path.join(root, 'examples', 'messy-vault.rules.json'), 'utf8'));
  const outcome = await organizeFolder(vault, { folder: 'Inbox', rules, sources: new Set(['rules', 'heuristics']), planFolder: 'Reeve/Plans', apply: true, planId: newJobId() });
  const run = outcome.run;
  if (!run?.job || run.results.some((r) => r.state === 'failed')) fail('the plan did not apply cleanly');
  say(`\n${outcome.plan.description}`);
  if (outcome.plan.quality) say(`Before -> after: ${qualityLine(outcome.plan.quality)}`);
  say(`Plan note: ${outcome.note ?? ''} (ai-op blocks, one per operation, now marked done)`);
  for (const c of outcome.plan.conflicts) say(`  left out (${c.kind}): ${c.detail}`);
  say(`Duplicates found: ${outcome.plan.duplicates.map((g) => g.join(' = ')).join('; ') || 'none'}`);

  vault = await NodeVault.open(dir);
  say('\nInbox after:');
  say(treeText(await vault.list(), 'Inbox', { filesPerType: 40 }).replace(/^/gm, '  '));

  // Every link that resolved before resolves to the same file, now at its new path.
  const moves = outcome.plan.operations.flatMap((op) => (op.type === 'move' || op.type === 'rename' ? [[op.source, op.destination] as const] : []));
  const renamed = (p: string): string => {
    for (const [from, to] of moves) if (p === from || p.startsWith(from + '/')) return to + p.slice(from.length);
    return p;
  };
  const expected = graphOf(linksBefore, renamed);
  const actual = graphOf(vault.resolvedLinks(), (p) => p).filter((l) => !l.startsWith('Reeve/'));
  if (JSON.stringify(expected) !== JSON.stringify(actual)) fail(`the link graph changed:\n  expected ${expected.length} links, found ${actual.length}`);
  const unresolvedAfter = Object.entries(vault.unresolvedLinks()).filter(([s]) => !s.startsWith('Reeve/')).reduce((n, [, m]) => n + Object.keys(m).length, 0);
  if (unresolvedAfter !== unresolvedBefore) fail(`unresolved links went from ${unresolvedBefore} to ${unresolvedAfter}`);
  say(`\nLinks: all ${expected.length} resolved links still point at the same files; ${unresolvedAfter} unresolved, as before.`);

  const undone = await undoJob(vault, run?.job?.job);
  say(`\nUndo: job ${undone.job} ${undone.state === 'reverted' ? 'reverted' : undone.state}, ${undone.steps} steps.`);
  const after = await snapshot(dir, ignore);
  const same = before.size === after.size && [...before].every(([k, v]) => after.get(k) === v);
  if (!same) {
    const diff = [...new Set([...before.keys(), ...after.keys()])].filter((k) => before.get(k) !== after.get(k));
    fail(`after undo the vault differs in: ${diff.slice(0, 10).join(', ')}`);
  }
  say(`The vault is back as it was: ${before.size} files byte-identical (the plan note stays in Reeve/Plans as a record).`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
