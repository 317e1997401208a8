import { describe, expect, it } from 'vitest';
import { StaleWriteError } from '../../src/vault-vfs/vault-port';

describe('toolchain', () => {
  it('compiles TypeScript and runs tests', () => {
    expect(new StaleWriteError('a.md').message).toContain('a.md');
  });
});
