// Churn of organize on vaults whose owner already organized them (issue 26), offline: generated
// owner vaults (tests/fixtures/owner-vaults: a diary folder of the Daily notes settings, templates,
// folder notes, Johnny-Decimal numbering, status tags, a 100% attachment folder, canvases, CJK
// names, conflict copies, a few loose files), each seed different. For each folder the owner
// organized, and for the whole vault: files proposed to move over files (aim: at most 1%, at most
// 5 under 500 files), and the share of proposals the owner would accept (the destination is one
// of the file's homes in the generator's truth). The messy inbox's V-measure is measured beside
// it (bench/quality/measure-organize.ts), to show that leaving order alone does not cost grouping.
import * as path from 'node:path';
import { generateOwnerVault } from '../../tests/fixtures/owner-vaults/owner-vault';
import { measureChurn, writeOwnerVault } from '../quality/measure-churn';
import { formatMeasure, measureReeve, writeFiles } from '../quality/measure-organize';
import { generateInbox, inboxTruth } from '../quality/messy-inbox';
import type { Workload } from '../harness';

const pct = (a: number, b: number): string => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;

const workload: Workload = {
  name: 'organize-owner-order',
  description:
    'Organize on generated vaults their owner already organized (diary folder and format from daily-notes.json, templates, folder notes, Johnny-Decimal and numbered folders, ' +
    'status tags, a 100% attachment folder, canvases, CJK names, sync-conflict copies, a few loose files): files proposed to move over files per organized folder and for the whole vault, ' +
    'and the share of proposals the owner would accept (the generator knows each file\'s homes). Aim: at most 1% of an organized folder\'s files proposed (at most 5 under 500 files), ' +
    'every proposal acceptable; the messy inbox\'s V-measure stays 0.94-0.97.',
  async run(bench, ctx) {
    const vaults = ctx.quick ? [{ seed: 1, scale: 1 }] : [{ seed: 1, scale: 1 }, { seed: 2, scale: 1 }, { seed: 3, scale: 4 }];
    for (const { seed, scale } of vaults) {
      const vault = generateOwnerVault({ seed, scale });
      const dir = path.join(ctx.tmp, `owner-${seed}`);
      await writeOwnerVault(dir, vault);
      let files = 0;
      let proposed = 0;
      let worst = { folder: '', share: 0, proposed: 0, files: 0 };
      for (const folder of vault.organized) {
        const c = await measureChurn(dir, folder, vault.files);
        files += c.files;
        proposed += c.proposed;
        if (c.proposed / Math.max(1, c.files) >= worst.share) worst = { folder, share: c.proposed / Math.max(1, c.files), proposed: c.proposed, files: c.files };
      }
      bench.record({
        case: `owner vault seed ${seed} (${vault.files.length} files): each of its ${vault.organized.length} organized folders`,
        value: `${proposed} of ${files} files proposed (${pct(proposed, files)})`,
        note: worst.proposed === 0 ? 'no folder got a proposal' : `most in one folder: ${worst.proposed} of ${worst.files} in ${worst.folder}`,
      });
      const whole = await measureChurn(dir, '', vault.files);
      const loose = vault.files.filter((f) => !f.path.includes('/')).length;
      bench.record({
        case: `owner vault seed ${seed} (${vault.files.length} files): the whole vault`,
        value: `${whole.proposed} of ${whole.files} files proposed (${pct(whole.proposed, whole.files)}); ${whole.accepted} of ${whole.proposed} acceptable`,
        note: `${loose} files are loose at the root; ${whole.rejected.length === 0 ? 'no proposal the owner would reject' : `rejected: ${whole.rejected.slice(0, 3).join(', ')}`}`,
      });
    }
    const inbox = generateInbox({ seed: 1, scale: ctx.quick ? 1 : 3 });
    const inboxDir = path.join(ctx.tmp, 'inbox');
    await writeFiles(inboxDir, inbox);
    bench.record({ case: `generated messy inbox (${inbox.length} files): Reeve heuristics`, value: formatMeasure(await measureReeve(inboxDir, 'Inbox', inboxTruth(inbox))) });
  },
};

export default workload;
