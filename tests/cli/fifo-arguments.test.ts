// A file named on the command line (--history for ask, --rules for organize and rules match) that is
// a FIFO is refused at once with exit 2, like a folder: reading it would wait for a writer forever.
// Real FIFOs made with mkfifo in a temp folder; a run that hangs fails the test by its timeout.
import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runReeve } from '../helpers/cli';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

let tv: TempVault | undefined;
afterEach(async () => {
  await tv?.cleanup();
});

describe('a FIFO or a folder given as a file', () => {
  it('is refused at once by ask --history, organize --rules and rules match --rules, and the vault is untouched', async () => {
    tv = await makeTempVault({ 'Inbox/a.md': '# a\n' });
    const fifo = path.join(tv.dir, '..', `${path.basename(tv.dir)}-pipe`);
    execFileSync('mkfifo', [fifo]);
    const folder = path.join(tv.dir, '..', `${path.basename(tv.dir)}-folder`);
    await mkdir(folder);
    const before = await tv.snapshot({ includeConfig: true });
    try {
      const ask = await runReeve(['ask', tv.dir, 'hello', '--history', fifo, '--provider', 'openai-compatible', '--base-url', 'http://127.0.0.1:9/v1', '--model', 'm']);
      expect(ask.code).toBe(2);
      expect(ask.stderr).toContain(`--history ${fifo}: it is not a regular file (a FIFO, socket or device), so it is not read`);
      const askFolder = await runReeve(['ask', tv.dir, 'hello', '--history', folder, '--provider', 'openai-compatible', '--base-url', 'http://127.0.0.1:9/v1', '--model', 'm']);
      expect(askFolder.code).toBe(2);
      expect(askFolder.stderr).toContain(`--history ${folder}: it is a folder`);
      const organize = await runReeve(['organize', tv.dir, '--folder', 'Inbox', '--rules', fifo]);
      expect(organize.code).toBe(2);
      expect(organize.stderr).toContain('it is not a regular file');
      const match = await runReeve(['rules', 'match', tv.dir, '--rules', fifo]);
      expect(match.code).toBe(2);
      expect(match.stderr).toContain('it is not a regular file');
      expect(await tv.snapshot({ includeConfig: true })).toEqual(before);
    } finally {
      execFileSync('rm', ['-rf', fifo, folder]);
    }
  }, 20_000);
});
