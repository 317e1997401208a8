import { afterEach, describe, expect, it } from 'vitest';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';
import { runReeve } from '../helpers/cli';

let tv: TempVault | undefined;
afterEach(async () => {
  await tv?.cleanup();
});

describe('reeve links', () => {
  it('prints resolved and unresolved links as JSON', async () => {
    tv = await makeTempVault({ 'a.md': '[[b]] [[b|again]] [[gone]]', 'sub/b.md': '![[pic.png]]', 'pic.png': 'x' });
    const r = await runReeve(['links', tv.dir, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      resolved: [
        { source: 'a.md', target: 'sub/b.md', count: 2 },
        { source: 'sub/b.md', target: 'pic.png', count: 1 },
      ],
      unresolved: [{ source: 'a.md', link: 'gone' }],
    });
  });

  it('prints a readable summary', async () => {
    tv = await makeTempVault({ 'a.md': '[[gone]]' });
    const r = await runReeve(['links', tv.dir]);
    expect(r.stdout).toBe('unresolved  a.md -> gone\n0 resolved links, 1 unresolved\n');
  });

  it('exits 2 for a missing vault', async () => {
    const r = await runReeve(['links', '/nonexistent/vault']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error: vault folder not found: /nonexistent/vault');
  });
});
