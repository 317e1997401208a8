// Ctrl-C while `reeve organize --apply` runs its job: the binary, a real child process, gets
// SIGINT once the job's journal exists. It says that the operation being applied finishes and the
// job stops, stops there, exits 1 (the work was not done), and what ran is one job that `reeve
// undo` takes back byte for byte. The operations that never ran are marked failed in the plan note.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCliBundle, removeCliBundle, runReeve } from '../helpers/cli';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

const NOTES = 600;

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the binary and sends it SIGINT as soon as `ready()` holds (polled). */
function runAndInterrupt(bin: string, args: string[], ready: () => boolean): Promise<Exit & { interrupted: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let interrupted = false;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const poll = setInterval(() => {
      if (interrupted || !ready()) return;
      interrupted = child.kill('SIGINT');
    }, 2);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(poll);
      resolve({ code, stdout, stderr, interrupted });
    });
  });
}

describe('Ctrl-C during organize --apply', () => {
  let bin = '';
  let vault: TempVault;
  let rules = '';
  beforeAll(async () => {
    bin = await buildCliBundle();
    // Notes that link to each other, so each move rewrites links and the job takes a while.
    const files: Record<string, string> = { '.obsidian/app.json': '{}\n' };
    for (let i = 0; i < NOTES; i++) files[`Inbox/note ${i}.md`] = `# Note ${i}\nsee [[note ${(i + 1) % NOTES}]] and [[note ${(i + 7) % NOTES}]]\n`;
    vault = await makeTempVault(files);
    rules = `${vault.dir}-rules.json`;
    await writeFile(rules, JSON.stringify({ rules: [{ name: 'All', if: 'file.ext == "md"', thenMoveTo: 'Done' }] }));
  }, 60_000);
  afterAll(async () => {
    removeCliBundle(bin);
    await vault.cleanup();
    await rm(rules, { force: true });
  });

  it('finishes the step being applied, stops, says so, exits 1, and what ran is undone byte for byte', async () => {
    const before = await vault.snapshot();
    const journal = path.join(vault.dir, '.obsidian', 'plugins', 'reeve', 'journal');
    const jobStarted = (): boolean => existsSync(journal) && readdirSync(journal).some((f) => f.endsWith('.jsonl'));
    const exit = await runAndInterrupt(bin, ['organize', vault.dir, '--folder', 'Inbox', '--rules', rules, '--sources', 'rules', '--apply'], jobStarted);
    expect(exit.interrupted).toBe(true);
    expect(exit.stderr).toContain('stopping: the operation being applied finishes, then the job stops');
    const stopped = /error: stopped by Ctrl-C after (\d+) of (\d+) operations/.exec(exit.stderr);
    expect(stopped).not.toBeNull();
    const [ran, total] = [Number(stopped?.[1]), Number(stopped?.[2])];
    expect(total).toBe(NOTES + 1); // the folder, then every note
    expect(ran).toBeLessThan(total);
    expect(exit.code).toBe(1);
    expect(exit.stdout).toMatch(/stopped: \d+ of \d+ operations ran before Ctrl-C; undo them with: reeve undo .* --job j/);

    // The vault holds exactly the steps that ran: no job is left interrupted.
    const moved = [...(await vault.snapshot()).keys()].filter((k) => k.startsWith('Done/') && k.endsWith('.md'));
    expect(moved.length).toBe(Math.max(0, ran - 1));
    expect((await runReeve(['recover', vault.dir, '--resume'])).stdout).not.toMatch(/resumed/);
    const plan = (await vault.snapshot()).keys();
    const note = [...plan].find((k) => k.startsWith('Reeve/Plans/') && k.endsWith('.md')) ?? '';
    const text = await vault.read(note);
    expect((text.match(/"state":"failed"/g) ?? []).length).toBe(total - ran);
    expect(text).toContain('not run: the run was stopped (Ctrl-C) before it');

    const undo = await runReeve(['undo', vault.dir]);
    expect(undo.stderr).toBe('');
    expect(undo.code).toBe(0);
    expect(new Map([...(await vault.snapshot())].filter(([k]) => !k.startsWith('Reeve')))).toEqual(before);
  }, 120_000);
});
