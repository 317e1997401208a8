import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FailureError, UsageError } from '../../src/cli/command';
import { commands } from '../../src/cli/registry';
import { buildCliBundle, removeCliBundle, runReeve } from '../helpers/cli';

const exec = promisify(execFile);
const manifest = JSON.parse(readFileSync(new URL('../../manifest.json', import.meta.url), 'utf8')) as { version: string };

describe('reeve binary', () => {
  let bin = '';
  beforeAll(async () => {
    bin = await buildCliBundle();
  }, 60_000);
  afterAll(() => removeCliBundle(bin));

  it('prints its version', async () => {
    const { stdout } = await exec(process.execPath, [bin, '--version']);
    expect(stdout.trim()).toBe(manifest.version);
  });

  it('prints help listing every command', async () => {
    const { stdout } = await exec(process.execPath, [bin, '--help']);
    expect(stdout).toContain('usage: reeve <command>');
    for (const c of commands) expect(stdout).toContain(`  ${c.name}`);
  });

  it('exits 2 on an unknown command and names the real ones', async () => {
    const err = (await exec(process.execPath, [bin, 'frobnicate']).catch((e: unknown) => e)) as { code: number; stderr: string };
    expect(err.code).toBe(2);
    expect(err.stderr).toBe(`error: unknown command "frobnicate"; commands: ${commands.map((c) => c.name).join(', ')}\n`);
  });

  it('exits 2 with usage when run with nothing', async () => {
    const err = (await exec(process.execPath, [bin]).catch((e: unknown) => e)) as { code: number; stdout: string };
    expect(err.code).toBe(2);
    expect(err.stdout).toContain('usage: reeve');
  });
});

describe('dispatch and exit codes', () => {
  const added: string[] = [];
  afterEach(() => {
    for (const name of added.splice(0)) commands.splice(commands.findIndex((c) => c.name === name), 1);
  });
  function addCommand(name: string, run: (args: string[]) => Promise<number>): void {
    commands.push({ name, summary: `test ${name}`, usage: `usage: reeve ${name} <x>`, run: (args) => run(args) });
    added.push(name);
  }

  it('passes arguments through and returns the command\'s code', async () => {
    let seen: string[] = [];
    addCommand('echo-test', (args) => {
      seen = args;
      return Promise.resolve(0);
    });
    expect((await runReeve(['echo-test', 'a', '--json'])).code).toBe(0);
    expect(seen).toEqual(['a', '--json']);
  });

  it('turns a usage error into exit 2 with the message and a pointer to the usage, not the whole usage', async () => {
    addCommand('usage-test', () => Promise.reject(new UsageError('missing <vault>')));
    const r = await runReeve(['usage-test']);
    expect(r).toEqual({ code: 2, stdout: '', stderr: 'error: missing <vault>\n(reeve usage-test --help shows how to use it)\n' });
  });

  it('turns a failure into exit 1 with one line on stderr', async () => {
    addCommand('fail-test', () => Promise.reject(new FailureError('vault not found: /nope\nsecond line')));
    expect(await runReeve(['fail-test'])).toEqual({ code: 1, stdout: '', stderr: 'error: vault not found: /nope\n' });
  });

  it('reports an unexpected exception as a failure, in one line', async () => {
    addCommand('crash-test', () => Promise.reject(new TypeError('x is undefined')));
    expect(await runReeve(['crash-test'])).toEqual({ code: 1, stdout: '', stderr: 'error: x is undefined\n' });
  });

  it('shows a command\'s usage on --help', async () => {
    addCommand('help-test', () => Promise.resolve(9));
    expect(await runReeve(['help-test', '--help'])).toEqual({ code: 0, stdout: 'usage: reeve help-test <x>\n', stderr: '' });
  });
});
