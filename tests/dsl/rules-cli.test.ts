import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rulesCommand } from '../../src/cli/commands/rules';
import { UsageError, type CliIO } from '../../src/cli/command';
import { F } from './conformance-table';
import { copyFixtureVault } from './fixture-vault';

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), env: {}, cwd: process.cwd() };
  const code = await rulesCommand.run(args, io);
  return { code, stdout, stderr };
}

let dir: string;
beforeAll(async () => {
  dir = await copyFixtureVault();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('reeve rules check', () => {
  it('prints the normalized expression and exits 0', async () => {
    expect(await run(['check', 'file.modified_at >= 2024-01-01 and not file.is_hidden'])).toEqual({
      code: 0,
      stdout: 'file.modifiedAt >= 2024-01-01 AND NOT file.isHidden\n',
      stderr: '',
    });
  });

  it('exits 2 with "error: <message> at <line>:<col>"', async () => {
    expect(await run(['check', 'file.createdAt =='])).toEqual({ code: 2, stdout: '', stderr: "error: expected a value after '==' at 1:18\n" });
    expect(await run(['check', 'file.modifed > 2024-01-01'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'error: unknown field file.modifed; did you mean file.modifiedAt? at 1:6\n',
    });
    expect((await run(['check', 'file.size > "big"'])).stderr).toMatch(/^error: cannot compare file.size \(a number\) with "big" \(a text\).* at 1:13\n$/);
  });

  it('treats a missing or split expression as a usage error', async () => {
    await expect(run(['check'])).rejects.toThrow(UsageError);
    await expect(run(['check', 'file.ext', '==', '"pdf"'])).rejects.toThrow(/put the whole expression in quotes/);
    await expect(run(['lint', 'x'])).rejects.toThrow(/unknown subcommand "lint"/);
  });
});

describe('reeve rules match', () => {
  it('prints the matching paths, one per line', async () => {
    const r = await run(['match', dir, 'file.ext == "pdf"']);
    expect(r).toEqual({ code: 0, stdout: `${F.oldReport}\n${F.invoice}\n${F.taxPdf}\n`, stderr: '' });
  });

  it('prints a JSON array with --json', async () => {
    const r = await run(['match', dir, 'file.tags.contains("project")', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([F.alpha, F.beta]);
    expect(JSON.parse((await run(['match', dir, 'file.size > 1TB', '--json'])).stdout)).toEqual([]);
  });

  it('reads note content and scores vector_similarity by keywords, and says so', async () => {
    const r = await run(['match', dir, 'vector_similarity("taxes receipts") > 0.9', '--json']);
    expect(JSON.parse(r.stdout)).toEqual([F.idea, F.jan31]);
    expect(r.stderr).toBe('note: vector_similarity used the keyword index\n');
  });

  it('checks the expression before opening the vault, and refuses a missing vault', async () => {
    expect(await run(['match', '/nonexistent/vault', 'file.size >'])).toMatchObject({ code: 2, stderr: "error: expected a value after '>' at 1:12\n" });
    await expect(run(['match', '/nonexistent/vault', 'file.isHidden'])).rejects.toThrow(/vault folder not found/);
    await expect(run(['match'])).rejects.toThrow(/missing <vault>/);
  });
});

describe('reeve rules match --rules FILE', () => {
  it('shows what each matched file would get: its rule, where it goes, and the tags and properties it sets', async () => {
    // Outside the vault, so the vault stays as the other tests expect it.
    const file = path.join(tmpdir(), `reeve-rules-${process.pid}.json`);
    await writeFile(
      file,
      JSON.stringify({ rules: [{ name: 'Projects', if: 'file.folder == "Projects" AND file.ext == "md"', thenAddTags: ['project'], thenSetProperties: { status: 'Done' } }, { name: 'Shots', if: 'file.ext == "png"', thenAddTags: ['shot'] }] }),
    );
    const json = await run(['match', dir, '--rules', file, '--json']);
    expect(json.code).toBe(0);
    const matches = JSON.parse(json.stdout) as { path: string; rule: string; destination: string | null; edits: unknown[] }[];
    expect(matches.find((m) => m.path === F.gamma)).toEqual({
      path: F.gamma,
      rule: 'Projects',
      destination: F.gamma,
      edits: [
        { type: 'add_tags', before: [], after: ['project'] },
        { type: 'set_properties', before: { status: 'done' }, after: { status: 'Done' } },
      ],
    });
    // Beta already holds both: matched, nothing to do.
    expect(matches.find((m) => m.path === F.beta)).toEqual({ path: F.beta, rule: 'Projects', destination: F.beta, edits: [] });
    expect(json.stderr).toContain('refused: rule "Shots": only notes can be edited');
    const text = await run(['match', dir, '--rules', file]);
    expect(text.stdout).toContain(`${F.gamma}  (Projects) stays; add_tags [] -> ["project"]; set_properties {"status":"done"} -> {"status":"Done"}\n`);
    await rm(file, { force: true });
  });

  it('refuses an expression and --rules together', async () => {
    await expect(run(['match', dir, 'file.ext == "md"', '--rules', 'x.json'])).rejects.toThrow(UsageError);
  });
});
