// Offline organize of a real vault written by others (Obsidian's help vault, when it is beside the
// repository) and of the project's own fixture vault: every file first moved into one folder
// (links rewritten), then organized with the heuristics and applied through the journal. The link
// graph must survive the plan, no file may lose content, and undo must give back the flattened
// copy byte for byte.
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizeFolder, type OrganizeOutcome } from '../../../src/agents/organize/organize-run';
import { newJobId } from '../../../src/edits/journal/journal-store';
import { undoJob } from '../../../src/edits/journal/recover-jobs';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import { snapshot } from '../../edits/helpers/temp-vault';
import { fixtureVault, HELP_VAULT, helpVaultPresent, helpVaultSuite } from '../../helpers/help-vault';
const FLAT = 'Flat';
const PLANS = 'Reeve/Plans';

type Links = Record<string, Record<string, number>>;

/** Each resolved link as `source -> target xN`, every path mapped through `rename`. */
function graph(links: Links, rename: (p: string) => string = (p) => p): string[] {
  return Object.entries(links)
    .filter(([s]) => !s.startsWith('Reeve/'))
    .flatMap(([s, ts]) => Object.entries(ts).map(([t, n]) => `${rename(s)} -> ${rename(t)} x${n}`))
    .sort();
}

function unresolvedCount(links: Links): number {
  return Object.entries(links)
    .filter(([s]) => !s.startsWith('Reeve/'))
    .reduce((n, [, m]) => n + Object.values(m).reduce((a, b) => a + b, 0), 0);
}

/** Moves every file of the vault into one folder (numbering clashing names), as a messy inbox. */
async function flatten(vault: NodeVault): Promise<void> {
  const entries = await vault.list();
  await vault.createFolder(FLAT);
  const taken = new Set<string>();
  for (const f of entries.filter((e) => e.kind === 'file')) {
    const name = f.path.slice(f.path.lastIndexOf('/') + 1);
    const dot = name.lastIndexOf('.');
    let candidate = name;
    for (let i = 2; taken.has(candidate.toLowerCase()); i++) candidate = `${name.slice(0, dot)} ${i}${name.slice(dot)}`;
    taken.add(candidate.toLowerCase());
    await vault.rename(f.path, `${FLAT}/${candidate}`);
  }
  const folders = entries.filter((e) => e.kind === 'folder').map((e) => e.path);
  for (const folder of folders.sort((a, b) => b.length - a.length)) await vault.removeEmptyFolder(folder);
}

/** Note text without its link targets, which a move may rewrite: what must never be lost. */
function withoutLinkTargets(text: string): string {
  return text.replace(/\[\[[^\]\n]*\]\]/g, '[[]]').replace(/\]\([^)\n]*\)/g, ']()');
}

/** The whole check, on a copy of the vault `source` gives. */
function organizeSuite(source: () => Promise<string>, cleanup: () => Promise<void>, minMoves: number): void {
  let dir: string;
  let outcome: OrganizeOutcome;
  let flatCopy: Record<string, string>;
  let flatLinks: Links;
  let flatUnresolved: number;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reeve-help-organize-'));
    await fs.cp(await source(), dir, { recursive: true });
    // The shared copy is kept read-only; a vault being organized is the user's own, writable.
    await promisify(execFile)('chmod', ['-R', 'u+w', dir]);
    const flattening = await NodeVault.open(dir);
    const graphBefore = graph(flattening.resolvedLinks());
    await flatten(flattening);
    const vault = await NodeVault.open(dir);
    // Flattening itself must keep every link, or the test below proves nothing.
    expect(graph(vault.resolvedLinks()).length).toBe(graphBefore.length);
    flatCopy = await snapshot(dir);
    flatLinks = vault.resolvedLinks();
    flatUnresolved = unresolvedCount(vault.unresolvedLinks());
    outcome = await organizeFolder(vault, { folder: FLAT, sources: new Set(['heuristics']), planFolder: PLANS, apply: true, planId: newJobId() });
  }, 120_000);

  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
    await cleanup();
  });

    it('plans and applies a real reorganization without a failed step', () => {
      const moves = outcome.plan.operations.filter((op) => op.type === 'move' || op.type === 'rename');
      expect(moves.length).toBeGreaterThan(minMoves);
      expect(outcome.run?.results.filter((r) => r.state === 'failed')).toEqual([]);
    });

    it('keeps every resolved link pointing at the same file, and adds no unresolved one', async () => {
      const vault = await NodeVault.open(dir);
      const moves = outcome.plan.operations.flatMap((op) => (op.type === 'move' || op.type === 'rename' ? [[op.source, op.destination] as const] : []));
      const renamed = (p: string): string => {
        for (const [from, to] of moves) if (p === from || p.startsWith(from + '/')) return to + p.slice(from.length);
        return p;
      };
      expect(graph(vault.resolvedLinks())).toEqual(graph(flatLinks, renamed));
      expect(unresolvedCount(vault.unresolvedLinks())).toBe(flatUnresolved);
    });

    it('loses no file and no content: attachments byte-identical, notes identical but for link targets', async () => {
      const vault = await NodeVault.open(dir);
      const after = (await vault.list()).filter((e) => e.kind === 'file' && !e.path.startsWith('Reeve/'));
      const beforeFiles = Object.keys(flatCopy).filter((p) => !p.endsWith('/'));
      expect(after.length).toBe(beforeFiles.length);
      const byName = new Map<string, string>();
      for (const p of beforeFiles) byName.set(p.slice(p.lastIndexOf('/') + 1), flatCopy[p] as string);
      for (const f of after) {
        const original = byName.get(f.path.slice(f.path.lastIndexOf('/') + 1));
        expect(original, f.path).toBeDefined();
        const bytes = Buffer.from(original as string, 'base64');
        const now = await fs.readFile(path.join(dir, f.path));
        if (f.path.endsWith('.md')) expect(withoutLinkTargets(now.toString('utf8')), f.path).toBe(withoutLinkTargets(bytes.toString('utf8')));
        else expect(now.equals(bytes), f.path).toBe(true);
      }
    });

    it('undo gives back the flattened vault byte for byte', async () => {
      const vault = await NodeVault.open(dir);
      const undone = await undoJob(vault, outcome.run?.job?.job);
      expect(undone.state).toBe('reverted');
      const now = await snapshot(dir);
      const withoutPlans = Object.fromEntries(Object.entries(now).filter(([p]) => !p.startsWith('Reeve/') && p !== 'Reeve/'));
      expect(withoutPlans).toEqual(flatCopy);
    });
}

describe('organizing a flattened copy of the fixture vault offline', () => {
  let done: () => Promise<void> = () => Promise.resolve();
  organizeSuite(
    async () => {
      const v = await fixtureVault();
      done = v.cleanup;
      return v.dir;
    },
    () => done(),
    20,
  );
});

describe.skipIf(!helpVaultPresent)(helpVaultSuite('organizing a flattened copy of the Obsidian help vault offline'), () => {
  organizeSuite(() => Promise.resolve(HELP_VAULT), () => Promise.resolve(), 20);
});
