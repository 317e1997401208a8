// @vitest-environment happy-dom
// Undoing, in the plugin, a trash the CLI did (the CLI puts a trashed file in `.trash/` and the
// journal says where): the Obsidian adapter puts it back through the Vault, so that Obsidian holds
// the file at once (a `create` event, indexed, its links resolved), with its bytes and times as
// they were, and `.trash` no longer holds it. Going round the Vault with `adapter.rename` left a
// file on disk that the Vault did not know.
import '../obsidian/dom';
import { App } from 'obsidian-test-mocks/obsidian';
import { describe, expect, it } from 'vitest';
import { ObsidianVault } from '../../src/vault-vfs/obsidian-vault';
import { VaultFileNotFoundError, type VaultChange } from '../../src/vault-vfs/vault-port';
import { makeVaultFaithful } from '../obsidian/faithful-vault';

async function trashed(): Promise<{ app: App; port: ObsidianVault; changes: VaultChange[] }> {
  const app = App.createConfigured__({ files: { 'Home.md': '# Home\n' } });
  makeVaultFaithful(app);
  const port = new ObsidianVault(app as never);
  const adapter = app.vault.adapter;
  await adapter.mkdir('.trash/Projects/Deep');
  await adapter.write('.trash/Projects/Plan.md', 'Back to [[Home]].\n', { ctime: 1000, mtime: 2000 });
  await adapter.writeBinary('.trash/Projects/Deep/latin1.md', new Uint8Array([0x63, 0x61, 0x66, 0xe9]).buffer, { ctime: 3000, mtime: 4000 });
  const changes: VaultChange[] = [];
  port.onChange((c) => changes.push(c));
  return { app, port, changes };
}

describe('restoreFromTrash on the Obsidian adapter', () => {
  it('puts a trashed folder back through the Vault: known, indexed, bytes and times kept, gone from .trash', async () => {
    const { app, port, changes } = await trashed();
    await port.restoreFromTrash('.trash/Projects', 'Projects');

    expect(app.vault.getFileByPath('Projects/Plan.md')).not.toBeNull();
    expect(app.vault.getFolderByPath('Projects/Deep')).not.toBeNull();
    expect((await port.list()).map((e) => e.path).sort()).toEqual(['Home.md', 'Projects', 'Projects/Deep', 'Projects/Deep/latin1.md', 'Projects/Plan.md']);
    expect(await port.read('Projects/Plan.md')).toBe('Back to [[Home]].\n');
    expect([...(await port.readBinary('Projects/Deep/latin1.md'))]).toEqual([0x63, 0x61, 0x66, 0xe9]);
    expect(await app.vault.adapter.stat('Projects/Plan.md')).toMatchObject({ ctime: 1000, mtime: 2000 });
    // Indexed by the metadata cache before the call returned.
    expect(port.backlinks('Home.md')).toEqual(['Projects/Plan.md']);
    expect(changes).toContainEqual({ type: 'create', path: 'Projects/Plan.md', kind: 'file' });
    expect(await app.vault.adapter.exists('.trash/Projects')).toBe(false);
  });

  it('refuses what is not in .trash, and a path already taken, leaving the trash as it was', async () => {
    const { app, port } = await trashed();
    await expect(port.restoreFromTrash('.trash/Nothing.md', 'Nothing.md')).rejects.toThrow(VaultFileNotFoundError);
    await expect(port.restoreFromTrash('Home.md', 'Other.md')).rejects.toThrow('not a path inside .trash/');
    await expect(port.restoreFromTrash('.trash/Projects/Plan.md', 'Home.md')).rejects.toThrow('Home.md');
    expect(await app.vault.adapter.exists('.trash/Projects/Plan.md')).toBe(true);
    expect(app.vault.getFileByPath('Nothing.md')).toBeNull();
  });
});
