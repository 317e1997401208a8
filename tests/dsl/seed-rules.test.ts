import { access } from 'node:fs/promises';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planRulesOnVault } from '../../src/dsl/plan-rules';
import { fileDay } from '../../src/dsl/rename-pattern';
import { validateRules } from '../../src/dsl/rules';
import type { PlannedOperation } from '../../src/vault-vfs/operations';
import { parentOf } from '../../src/vault-vfs/path-safety';
import { F } from './conformance-table';
import { openFixtureVault, type FixtureVault } from './fixture-vault';
import { SEED_RULES } from './samples';

let fx: FixtureVault | undefined;
afterEach(async () => {
  await fx?.cleanup();
  fx = undefined;
});

const day = (key: number): string => `${Math.floor(key / 10000)}-${String(Math.floor(key / 100) % 100).padStart(2, '0')}-${String(key % 100).padStart(2, '0')}`;

describe('the four seed rules, on the fixture vault', () => {
  it('plan the moves and renames they say, with the folders first, and the plan runs on the vault', async () => {
    fx = await openFixtureVault();
    const rules = validateRules(SEED_RULES);
    const plan = await planRulesOnVault(fx.vault, rules, { folder: '' });
    const old = fx.records.find((r) => r.path === F.shotOld);
    if (!old) throw new Error('fixture lost screenshot-old.PNG');
    // No date in "screenshot-old": {date} falls back to the day the file was created.
    const oldDay = day(fileDay(old));

    const moves = plan.operations.filter((o): o is Extract<PlannedOperation, { type: 'move' }> => o.type === 'move');
    expect(Object.fromEntries(moves.map((m) => [m.source, `${m.destination} (${m.rule ?? ''})`]))).toEqual({
      [F.eslintrc]: 'Config/.eslintrc (Hidden config files)',
      [F.prettierrc]: 'Config/.prettierrc (Hidden config files)',
      [F.oldReport]: 'Documents/PDFs/Old report.pdf (Move PDFs to Documents)',
      [F.invoice]: 'Documents/PDFs/Invoice 2024-01.pdf (Move PDFs to Documents)',
      [F.taxPdf]: 'Documents/PDFs/tax-return-2023.pdf (Move PDFs to Documents)',
      [F.huge]: 'Archive/Large/huge-video.mp4 (Large files to Archive)',
      [F.shotJpg]: 'Screenshots/2023-12-24/screenshot-2023-12-24.jpg (Screenshots by date)',
      [F.shotPng]: 'Screenshots/2024-03-02/screenshot-2024-03-02.png (Screenshots by date)',
      [F.shotOld]: `Screenshots/${oldDay}/screenshot-${oldDay}.png (Screenshots by date)`,
    });
    expect(plan.operations.filter((o) => o.type === 'rename')).toEqual([]);
    expect(plan.conflicts).toEqual([]);
    expect(plan.unchanged).toBe(0);

    // Every folder that is needed and missing is created, parents before children, before any move.
    const created = plan.operations.filter((o) => o.type === 'create_folder').map((o) => ('path' in o ? o.path : ''));
    expect(new Set(created)).toEqual(
      new Set(['Config', 'Documents', 'Documents/PDFs', 'Archive/Large', 'Screenshots', 'Screenshots/2023-12-24', 'Screenshots/2024-03-02', `Screenshots/${oldDay}`]),
    );
    const firstMove = plan.operations.findIndex((o) => o.type === 'move');
    expect(plan.operations.slice(0, firstMove).every((o) => o.type === 'create_folder')).toBe(true);
    created.forEach((folder, i) => {
      const parent = parentOf(folder);
      expect(parent === '' || parent === 'Archive' || created.slice(0, i).includes(parent)).toBe(true);
    });

    // The plan is executable as written: run it on the vault and look at the disk.
    for (const op of plan.operations) {
      if (op.type === 'create_folder') await fx.vault.createFolder(op.path);
      else if (op.type === 'move' || op.type === 'rename') await fx.vault.rename(op.source, op.destination);
    }
    for (const m of moves) {
      await expect(access(path.join(fx.dir, m.destination))).resolves.toBeUndefined();
      await expect(access(path.join(fx.dir, m.source))).rejects.toThrow();
    }
  });

  it('organizing a subfolder keeps destinations inside it', async () => {
    fx = await openFixtureVault();
    const plan = await planRulesOnVault(fx.vault, validateRules(SEED_RULES), { folder: 'Inbox' });
    const destinations = plan.operations.flatMap((o) => ('destination' in o ? [o.destination] : []));
    expect(destinations.length).toBe(6);
    expect(destinations.every((d) => d.startsWith('Inbox/'))).toBe(true);
    expect(destinations).toContain('Inbox/Documents/PDFs/Invoice 2024-01.pdf');
    expect(destinations).toContain('Inbox/Archive/Large/huge-video.mp4');
  });
});
