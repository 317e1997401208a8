// No operation creates a hidden name, checked again when a block is accepted (issue 11, item 10):
// a plan operation that would make a hidden file or folder (a move into `.x/`, a rename to
// `.name`, a new `.folder`) is refused at accept time with the reason, whether the plan is in
// Reeve's records or confirmed as not proposed here, and the vault stays byte for byte as it
// was. The planner never proposes one (hidden-and-bad-names.test.ts); this is the second check,
// for a plan edited or written by hand.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { organizeScopePolicy } from '../../../src/agents/organize/plan-organize';
import type { CliIO } from '../../../src/cli/command';
import { pendingCommand } from '../../../src/cli/commands/pending';
import { opBlockText, type OpBlockData } from '../../../src/edits/pending/block-format';
import { ProposalLedger } from '../../../src/edits/pending/ledger/proposal-ledger';
import { removeVault, snapshot, tempVault, type TempVault } from '../helpers/temp-vault';

let vault: TempVault | null = null;
afterEach(async () => {
  if (vault) await removeVault(vault);
  vault = null;
});

function io(): CliIO & { out: string } {
  const o = { out: '', env: {}, cwd: process.cwd(), stdout: (t: string) => void (o.out += t), stderr: () => undefined };
  return o;
}

const PLAN = (ops: string[]): string => ['---', 'reeve-plan: j1', 'organized-folder: ""', '---', '', '# Organize the vault', '', ...ops, ''].join('\n');

const hidden = fc.constantFrom('.git', '.x', '.NET tips', '.obsidian-old', '.cache');
/** An operation on Inbox/a.md (or a new folder) that would bring a hidden name into being. */
const hiddenOp = fc.oneof(
  fc.tuple(hidden, fc.constantFrom('', 'Sorted/')).map(([h, under]): OpBlockData => ({ id: 'o1', job: 'j1', type: 'move', source: 'Inbox/a.md', destination: `${under}${h}/a.md`, risk: 'medium' })),
  hidden.map((h): OpBlockData => ({ id: 'o1', job: 'j1', type: 'rename', source: 'Inbox/a.md', destination: `Inbox/${h}.md`, risk: 'medium' })),
  fc.tuple(fc.constantFrom('', 'Inbox/'), hidden).map(([under, h]): OpBlockData => ({ id: 'o1', job: 'j1', type: 'create_folder', path: `${under}${h}`, risk: 'low' })),
);

describe('an accepted operation that would create a hidden name', () => {
  it('is refused with the reason, recorded or not, and nothing changes', async () => {
    await fc.assert(
      fc.asyncProperty(hiddenOp, fc.boolean(), async (op, recorded) => {
        const v = await tempVault({ 'Inbox/a.md': 'a [[b]]\n', 'Inbox/b.md': 'b\n', 'Sorted/.keep': '' });
        vault = v;
        await v.port.create('Reeve/Plans/p.md', PLAN([opBlockText(op, '\n')]));
        if (recorded) await ProposalLedger.of(v.port).record([op], 'Reeve/Plans/p.md', organizeScopePolicy('.obsidian', { folder: '', allowTrash: true, allowOutside: true }));
        const before = await snapshot(v.dir);
        const out = io();
        const args = [v.dir, 'accept', '--all', '--json', ...(recorded ? [] : ['--unrecorded'])];
        await expect(pendingCommand.run(args, out)).rejects.toThrow(/would create a hidden name/);
        const outcomes = JSON.parse(out.out) as { id: string; status: string; reason?: string }[];
        expect(outcomes).toEqual([expect.objectContaining({ id: 'o1', status: 'refused' })]);
        expect(outcomes[0]?.reason).toMatch(/would create a hidden name/);
        const after = await snapshot(v.dir);
        // The plan note may say the block was refused; every other file is as it was.
        delete after['Reeve/Plans/p.md'];
        delete before['Reeve/Plans/p.md'];
        expect(after).toEqual(before);
        await removeVault(v);
        vault = null;
      }),
      { numRuns: 20 },
    );
  });
});
