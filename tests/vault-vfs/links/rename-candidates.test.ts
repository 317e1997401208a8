// Renames look only at the notes that can hold an affected link (the moved notes, and notes whose
// links name the moved file's old or new name), found through the index's name watchers. On a real
// vault, for many renames and folder moves, that must plan exactly what looking at every note plans.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planRenameRewrites, type RenameSource } from '../../../src/vault-vfs/rename-plan';
import { VaultIndex } from '../../../src/vault-vfs/vault-index';
import { fixtureVault, helpPropertyVault, helpVaultPresent, helpVaultSuite, type PropertyVault } from '../../helpers/help-vault';


async function indexOf(dir: string): Promise<{ index: VaultIndex; texts: Map<string, string> }> {
  const index = new VaultIndex('shortest');
  const texts = new Map<string, string>();
  const walk = async (rel: string): Promise<void> => {
    for (const e of await fs.readdir(path.join(dir, rel), { withFileTypes: true })) {
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.name.startsWith('.')) continue;
      if (e.isDirectory()) {
        index.addFolder(p);
        await walk(p);
      } else {
        const text = p.endsWith('.md') ? await fs.readFile(path.join(dir, p), 'utf8') : null;
        if (text !== null) texts.set(p, text);
        index.setFile(p, { size: 0, ctime: 0, mtime: 0 }, text);
      }
    }
  };
  await walk('');
  return { index, texts };
}

async function fastPlansAsSlow(vault: PropertyVault): Promise<void> {
  const { index, texts } = await indexOf(vault.dir);
  const everyNote: RenameSource = { newLinkFormat: index.newLinkFormat, filePaths: () => index.filePaths(), metadata: (p) => index.metadata(p) };
  const readText = (p: string): Promise<string> => Promise.resolve(texts.get(p) ?? '');
  const files = index.filePaths().sort();
  const folders = index.entries().filter((e) => e.kind === 'folder').map((e) => e.path);
  const moves = [
    ...files.filter((_, i) => i % 7 === 0).map((f) => ({ from: f, to: `Elsewhere/${f.slice(f.lastIndexOf('/') + 1)}` })),
    ...files.filter((_, i) => i % 11 === 0 && files[i]?.endsWith('.md')).map((f) => ({ from: f, to: f.replace(/[^/]+\.md$/, 'Renamed note.md') })),
    ...folders.slice(0, 6).map((f) => ({ from: f, to: `Moved/${f}` })),
  ];
  let rewritten = 0;
  for (const m of moves) {
    const fast = await planRenameRewrites({ index, from: m.from, to: m.to, readText });
    const slow = await planRenameRewrites({ index: everyNote, from: m.from, to: m.to, readText });
    expect([...fast].sort(), `${m.from} -> ${m.to}`).toEqual([...slow].sort());
    rewritten += fast.size;
  }
  expect(rewritten).toBeGreaterThan(vault.min.rewrites);
}

describe('rename planning through the name watchers', () => {
  it('plans the same rewrites as a scan of every note, for files and folders of the fixture vault', async () => {
    const vault = await fixtureVault();
    try {
      await fastPlansAsSlow(vault);
    } finally {
      await vault.cleanup();
    }
  }, 60_000);
});

describe.skipIf(!helpVaultPresent)(helpVaultSuite('rename planning on the help vault'), () => {
  it('plans the same rewrites as a scan of every note, for files and folders of the help vault', () => fastPlansAsSlow(helpPropertyVault), 60_000);
});
