// Organizing twice in a row: the second run, right after the first plan was applied, proposes
// nothing; and a tidy vault written by others (the Obsidian Help vault) sees almost nothing
// proposed. Real files in temp folders, the CLI's way of reading the attachment setting.
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { organizeFolder, type OrganizeRunOptions } from '../../../src/agents/organize/organize-run';
import type { PlanSource } from '../../../src/agents/organize/plan-organize';
import { readOrganizeSettingsOnDisk } from '../../../src/cli/attachment-folder';
import { parseRulesJson } from '../../../src/dsl/rules';
import { newJobId } from '../../../src/edits/journal/journal-store';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import { HELP_VAULT, helpVaultPresent, helpVaultSuite } from '../../helpers/help-vault';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await fs.rm(d, { recursive: true, force: true });
});

async function copyOf(source: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reeve-twice-'));
  dirs.push(dir);
  await fs.cp(source, dir, { recursive: true });
  await promisify(execFile)('chmod', ['-R', 'u+w', dir]);
  return dir;
}

type Options = Pick<OrganizeRunOptions, 'folder' | 'rules'> & { sources?: PlanSource[] };

async function organize(dir: string, opts: Options, apply: boolean): Promise<string[]> {
  const vault = await NodeVault.open(dir);
  const outcome = await organizeFolder(vault, {
    ...opts,
    sources: new Set(opts.sources ?? ['heuristics']),
    attachmentFolder: (await readOrganizeSettingsOnDisk(dir, vault.configDir)).attachmentFolder,
    planFolder: 'Reeve/Plans',
    planId: newJobId(),
    ...(apply ? { apply: true } : { dryRun: true }),
  });
  if (apply) expect(outcome.run?.results.filter((r) => r.state === 'failed') ?? []).toEqual([]);
  return outcome.plan.operations.map((op) => ('path' in op ? `${op.type} ${op.path}` : `${op.type} ${op.source} -> ${op.destination}`));
}

async function write(dir: string, files: Record<string, string>): Promise<void> {
  for (const [p, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, p)), { recursive: true });
    await fs.writeFile(path.join(dir, p), text);
  }
}

describe.skipIf(!helpVaultPresent)(helpVaultSuite('the Obsidian Help vault, organized as it is'), () => {
  it('proposes at most 5 moves, and none once they are applied', async () => {
    const dir = await copyOf(HELP_VAULT);
    const first = await organize(dir, { folder: '' }, true);
    expect(first.filter((op) => op.startsWith('move')).length).toBeLessThanOrEqual(5);
    expect(first.filter((op) => op.includes('/Images'))).toEqual([]);
    expect(await organize(dir, { folder: '' }, false)).toEqual([]);
  }, 120_000);
});

describe('a second organize right after applying a plan proposes nothing', () => {
  it('on examples/messy-vault (rules and heuristics, as the demo runs it)', async () => {
    const dir = await copyOf(path.join(ROOT, 'examples', 'messy-vault'));
    const rules = parseRulesJson(await fs.readFile(path.join(ROOT, 'examples', 'messy-vault.rules.json'), 'utf8'));
    const opts: Options = { folder: 'Inbox', rules, sources: ['rules', 'heuristics'] };
    expect((await organize(dir, opts, true)).length).toBeGreaterThan(10);
    expect(await organize(dir, opts, false)).toEqual([]);
    expect(await organize(dir, { folder: 'Inbox' }, false)).toEqual([]);
  }, 60_000);

  it('on a vault with an attachment folder setting, topic folders and a messy inbox', async () => {
    const dir = await copyOf(path.join(ROOT, 'examples', 'messy-vault', 'Inbox', 'Trip to Lisbon'));
    await write(dir, {
      '.obsidian/app.json': JSON.stringify({ attachmentFolderPath: 'Media' }),
      'Media/old diagram.png': 'png',
      'Garden/Garden hub.md': '# Garden\n',
      'Garden/Tomatoes.md': '[[Garden hub]] and [[Garden hub]]\n',
      'Garden/Compost.md': '[[Garden hub]] [[Garden hub]] #garden\n',
      'Cooking/Bread.md': '#cooking [[Sourdough]]\n',
      'Cooking/Sourdough.md': '#cooking\n',
      'Cooking/Garden salad.md': '[[Garden hub]] [[Garden hub]] [[Bread]] #cooking\n',
      'Inbox/2024-03-02.md': 'daily\n',
      'Inbox/2024-03-05 Meeting with Ana.md': 'meeting\n',
      'Inbox/Seeds.md': '[[Garden hub]] [[Garden hub]]\n',
      'Inbox/scan.pdf': 'pdf',
      'Inbox/photo.jpg': 'jpg',
    });
    const first = await organize(dir, { folder: '' }, true);
    // The images beside notes.md and in the inbox go to the set folder as they are; Garden salad
    // stays with the cooking notes it is tied to; nothing reaches an invented Images/ level.
    expect(first).toEqual(expect.arrayContaining(['move Inbox/photo.jpg -> Media/photo.jpg', 'move Inbox/scan.pdf -> Media/scan.pdf', 'move tram.png -> Media/tram.png']));
    expect(first.filter((op) => op.includes('Images') || op.includes('Garden salad') || op.includes('Media/old'))).toEqual([]);
    expect(await organize(dir, { folder: '' }, false)).toEqual([]);
  }, 60_000);
});
