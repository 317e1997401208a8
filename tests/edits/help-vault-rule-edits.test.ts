// A rule that tags every note under a folder, on a copy of a real vault written by others (the
// Obsidian Help vault, when it is beside the repository): the plan holds one add_tags and one
// set_properties per note, part of them is accepted and run through the journal, the bodies stay
// byte for byte, organizing again proposes nothing for what ran, and undo gives back every byte.
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizeFolder } from '../../src/agents/organize/organize-run';
import { organizeScopePolicy } from '../../src/agents/organize/plan-organize';
import { validateRules } from '../../src/dsl/rules';
import { undoJob } from '../../src/edits/journal/recover-jobs';
import { decideOpBlocks, opBlocks } from '../../src/edits/pending/plan-note';
import { runRecordedOperations } from '../../src/edits/pending/run-recorded-operations';
import { bodyAfterFrontmatter, readFrontmatterForEdit } from '../../src/vault-vfs/markdown/frontmatter-write';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { HELP_VAULT, helpVaultPresent, helpVaultSuite } from '../helpers/help-vault';
import { snapshot } from './helpers/temp-vault';

const FOLDER = 'Plugins';
const RULES = validateRules([{ name: 'Plugin pages', if: 'file.ext == "md"', thenAddTags: ['plugin', 'from/{parent}'], thenSetProperties: { reviewed: false } }]);
const request = { folder: FOLDER, rules: RULES, sources: new Set(['rules' as const]), planFolder: 'Reeve/Plans' };
const withoutPlans = (snap: Record<string, string>): Record<string, string> => Object.fromEntries(Object.entries(snap).filter(([p]) => !p.startsWith('Reeve')));

describe.skipIf(!helpVaultPresent)(helpVaultSuite('a rule tagging every note of a folder of the Obsidian help vault'), () => {
  let dir: string;
  let start: Record<string, string>;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reeve-help-rule-edits-'));
    await fs.cp(HELP_VAULT, dir, { recursive: true });
    // The shared copy is read-only; the vault being edited is the user's own, writable.
    await promisify(execFile)('chmod', ['-R', 'u+w', dir]);
    start = withoutPlans(await snapshot(dir));
  });

  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('plans one tag and one property edit per note, accepts half, runs them, and undo restores every byte', async () => {
    const vault = await NodeVault.open(dir);
    const notes = (await vault.list()).filter((e) => e.kind === 'file' && e.path.startsWith(`${FOLDER}/`) && e.path.endsWith('.md')).map((e) => e.path);
    expect(notes.length).toBeGreaterThan(20);
    const { plan, note } = await organizeFolder(vault, { ...request, planId: 'help-tags' });
    expect(plan.operations.filter((op) => op.type === 'add_tags')).toHaveLength(notes.length);
    expect(plan.operations.filter((op) => op.type === 'set_properties')).toHaveLength(notes.length);
    expect(plan.conflicts).toEqual([]);

    // Accept the tags of every other note, and nothing else.
    const planNote = note ?? '';
    const tagBlocks = opBlocks(await vault.read(planNote)).filter((b) => b.data.type === 'add_tags');
    const chosen = tagBlocks.filter((_, i) => i % 2 === 0);
    const policy = organizeScopePolicy(vault.configDir, request);
    const decided = await decideOpBlocks(vault, planNote, chosen.map((b) => b.data.id), 'accept', policy);
    expect(decided.filter((d) => d.status !== 'done')).toEqual([]);
    const run = await runRecordedOperations(vault, planNote, policy);
    expect(run.results.filter((r) => r.state === 'failed')).toEqual([]);
    expect(run.results).toHaveLength(chosen.length);

    const tagged = new Set(chosen.map((b) => b.data.path));
    for (const p of notes) {
      const text = await vault.read(p);
      const original = Buffer.from(start[p] ?? '', 'base64').toString('utf8');
      if (!tagged.has(p)) {
        expect(text, p).toBe(original);
        continue;
      }
      expect(readFrontmatterForEdit(p, text).tags, p).toEqual(expect.arrayContaining(['plugin', 'from/Plugins']));
      expect(bodyAfterFrontmatter(text), p).toBe(bodyAfterFrontmatter(original));
    }
    // Organizing again proposes no tags for the notes that have them now.
    const again = await organizeFolder(vault, { ...request, planId: 'help-tags-2' });
    expect(again.plan.operations.filter((op) => op.type === 'add_tags')).toHaveLength(notes.length - chosen.length);

    const undone = await undoJob(await NodeVault.open(dir), run.job?.job);
    expect(undone.state).toBe('reverted');
    expect(withoutPlans(await snapshot(dir))).toEqual(start);
  }, 60_000);
});
