// The commands the CLI suggests name the vault as typed, quoted for the shell when needed, so
// that copying them works (the undo hint printed a literal `<vault>`).
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shellWord } from '../../src/cli/shell-word';

describe('shellWord', () => {
  it('leaves a plain path as it is', () => {
    expect(shellWord('/tmp/My-vault_2/notes.d')).toBe('/tmp/My-vault_2/notes.d');
  });

  it('gives back the same argument through a real shell, whatever it holds', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !s.includes('\0')), (arg) => {
        expect(execFileSync('sh', ['-c', `printf '%s' ${shellWord(arg)}`], { encoding: 'utf8' })).toBe(arg);
      }),
      { numRuns: 40 },
    );
  });
});
