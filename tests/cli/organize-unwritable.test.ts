// Issue 11, item 13: a rule moving notes into a folder that is a symbolic link (or past a note that
// is read-only and would need its links rewritten) used to give a plan that apply then refused as a
// whole. The plan itself now leaves those operations out and names the reason, and applying the
// rest moves only what can move; nothing is written through the link.
import { chmod, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runReeve } from '../helpers/cli';
import { makeTempVault } from '../helpers/temp-vault';

interface PlanJson {
  operations: { type: string; source?: string; destination?: string | null; path?: string | null }[];
  conflicts: { kind: string; paths: string[]; detail: string }[];
}

async function withRules(rules: unknown, body: (file: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'reeve-rules-'));
  try {
    const file = path.join(dir, 'rules.json');
    await writeFile(file, JSON.stringify({ rules }));
    await body(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('organize: destinations Reeve cannot write', () => {
  it('a destination folder that is a symbolic link: the plan names it, apply moves the rest, nothing goes through it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('Sorted', 'Deep/Sorted'), fc.boolean(), async (link, outside) => {
        const v = await makeTempVault({ '.obsidian/app.json': '{}', 'Inbox/a.md': 'a\n', 'Inbox/b.md': 'b [[a]]\n', 'Inbox/c.pdf': 'pdf', 'Real/keep.md': 'k\n' });
        const out = await mkdtemp(path.join(tmpdir(), 'reeve-outside-'));
        try {
          await mkdir(path.dirname(path.join(v.dir, link)), { recursive: true });
          await symlink(outside ? out : path.join(v.dir, 'Real'), path.join(v.dir, link));
          await withRules(
            [
              { name: 'Notes', if: 'file.ext == "md"', thenMoveTo: `/${link}` },
              { name: 'Papers', if: 'file.ext == "pdf"', thenMoveTo: '/Papers' },
            ],
            async (rules) => {
              const args = ['organize', v.dir, '--folder', 'Inbox', '--rules', rules, '--sources', 'rules', '--allow-outside'];
              const plan = await runReeve([...args, '--dry-run', '--json']);
              expect(plan.code).toBe(0);
              const parsed = JSON.parse(plan.stdout) as PlanJson;
              const touchesLink = (p: string | null | undefined): boolean => typeof p === 'string' && (p === link || p.startsWith(`${link}/`));
              expect(parsed.operations.filter((o) => touchesLink(o.destination) || touchesLink(o.path))).toEqual([]);
              const refused = parsed.conflicts.filter((c) => c.kind === 'refused' && c.detail.includes(`${link} is a symbolic link (to `));
              expect(refused.map((c) => c.paths[0]).sort()).toEqual(['Inbox/a.md', 'Inbox/b.md', link].sort());
              expect(parsed.operations.map((o) => o.destination ?? o.path).sort()).toEqual(['Papers', 'Papers/c.pdf']);

              const applied = await runReeve(args.concat('--apply'));
              expect(applied.code).toBe(0);
              const leftOut = applied.stdout.split('\n').find((l) => l.startsWith(`left out (refused): move Inbox/a.md -> ${link}/a.md: `)) ?? '';
              expect(leftOut.split(`${link} is a symbolic link`)).toHaveLength(2);
              expect((await readdir(path.join(v.dir, 'Inbox'))).sort()).toEqual(['a.md', 'b.md']);
              expect(await readdir(path.join(v.dir, 'Papers'))).toEqual(['c.pdf']);
              expect(await readdir(out)).toEqual([]);
              expect(await readdir(path.join(v.dir, 'Real'))).toEqual(['keep.md']);
            },
          );
        } finally {
          await rm(out, { recursive: true, force: true });
          await v.cleanup();
        }
      }),
      { numRuns: 4 },
    );
  });

  it('a read-only note whose link a move must rewrite: the move is left out with the reason, the note keeps its bytes', async () => {
    const v = await makeTempVault({ '.obsidian/app.json': '{}', 'Inbox/target.md': 't\n', 'Inbox/free.md': 'f\n', 'Notes/links.md': 'see [[Inbox/target]]\n' });
    try {
      await chmod(path.join(v.dir, 'Notes/links.md'), 0o444);
      await withRules([{ name: 'All', if: 'file.ext == "md"', thenMoveTo: 'Sorted' }], async (rules) => {
        const r = await runReeve(['organize', v.dir, '--folder', 'Inbox', '--rules', rules, '--sources', 'rules', '--dry-run', '--json']);
        expect(r.code).toBe(0);
        const parsed = JSON.parse(r.stdout) as PlanJson;
        expect(parsed.operations.filter((o) => o.type === 'move').map((o) => o.source)).toEqual(['Inbox/free.md']);
        expect(parsed.conflicts.map((c) => c.detail)).toEqual([expect.stringMatching(/^move Inbox\/target\.md -> Inbox\/Sorted\/target\.md: Notes\/links\.md is read-only \(mode 444\)/)]);
      });
      expect(await v.read('Notes/links.md')).toBe('see [[Inbox/target]]\n');
    } finally {
      await chmod(path.join(v.dir, 'Notes/links.md'), 0o644);
      await v.cleanup();
    }
  });
});
