// The two VaultPort adapters, made from the same files, for the contract suite: the Node adapter
// on a real temp folder, and the Obsidian adapter on the project's Obsidian test runtime.
import { App } from 'obsidian-test-mocks/obsidian';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import { ObsidianVault } from '../../../src/vault-vfs/obsidian-vault';
import type { NewLinkFormat, VaultPort } from '../../../src/vault-vfs/vault-port';
import { makeVaultFaithful } from '../../obsidian/faithful-vault';
import { makeTempVault } from '../../helpers/temp-vault';

export interface AdapterUnderTest {
  port: VaultPort;
  /** The raw text of a file, bypassing the adapter. */
  raw(path: string): Promise<string | null>;
  cleanup(): Promise<void>;
}

export type AdapterFactory = (files: Record<string, string>, format?: NewLinkFormat) => Promise<AdapterUnderTest>;

export const nodeAdapter: AdapterFactory = async (files, format = 'shortest') => {
  const tv = await makeTempVault(files);
  const port = await NodeVault.open(tv.dir, { newLinkFormat: format });
  return {
    port,
    raw: (p) => tv.read(p).catch(() => null),
    cleanup: () => tv.cleanup(),
  };
};

/** The Obsidian adapter on the test runtime, with the user's "Automatically update internal links". */
function onObsidian(alwaysUpdateLinks: boolean): AdapterFactory {
  return (files, format = 'shortest') => {
    const app = App.createConfigured__({ files });
    makeVaultFaithful(app, { alwaysUpdateLinks, newLinkFormat: format });
    const port = new ObsidianVault(app as never);
    return Promise.resolve({
      port,
      raw: async (p) => ((await app.vault.adapter.exists(p)) ? app.vault.adapter.read(p) : null),
      cleanup: () => Promise.resolve(),
    });
  };
}

export const obsidianAdapter: AdapterFactory = onObsidian(true);

/** The first is the reference the others are compared with. */
export const adapters: [string, AdapterFactory][] = [
  ['node', nodeAdapter],
  ['obsidian', obsidianAdapter],
  ['obsidian with link updates off', onObsidian(false)],
];
