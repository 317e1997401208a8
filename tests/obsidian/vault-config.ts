// Obsidian's Vault#getConfig (not in obsidian.d.ts, but present and what plugins call to read the
// user's "Files and links" settings): unset keys answer Obsidian's defaults. The mocks only have
// getConfig__, which answers undefined.
import { Vault } from 'obsidian-test-mocks/obsidian';

const DEFAULTS: Record<string, unknown> = {
  alwaysUpdateLinks: false,
  newLinkFormat: 'shortest',
  useMarkdownLinks: false,
  trashOption: 'system',
};

let installed = false;

export function installVaultConfig(): void {
  if (installed) return;
  installed = true;
  const proto = Vault.prototype as unknown as { getConfig__(key: string): unknown; getConfig(key: string): unknown };
  proto.getConfig = function (this: typeof proto, key: string): unknown {
    return this.getConfig__(key) ?? DEFAULTS[key];
  };
}
