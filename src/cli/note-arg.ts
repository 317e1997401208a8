// A note named on the command line, the ways a user names one: its vault path (with or without
// `.md`), or, as in a wikilink, just its name (`Home` for `Start/Home.md`), resolved the way the
// vault resolves links. A path the vault refuses (`..`, the config folder) is bad input, not a
// failed run.
import { UnsafePathError, type VaultPort } from '../vault-vfs/vault-port';
import { UsageError } from './command';
import { type ArgPlace, vaultPathArg } from './vault-path-arg';

/** The vault path of the note `raw` names; `flag` names the argument in the error. */
export async function noteArg(vault: VaultPort, raw: string, flag: string, at: ArgPlace): Promise<string> {
  const p = vaultPathArg(at.vaultDir, raw, at.cwd);
  const candidate = p.toLowerCase().endsWith('.md') ? p : `${p}.md`;
  const stat = await vault.stat(candidate).catch((e: unknown) => {
    if (e instanceof UnsafePathError) throw new UsageError(`${flag} ${raw}: ${e.reason}`);
    throw e;
  });
  if (stat !== null) return candidate;
  const linked = vault.resolveLink(p.replace(/\.md$/i, ''), '');
  if (linked !== null && linked.toLowerCase().endsWith('.md')) return linked;
  throw new UsageError(`${flag} ${raw}: no such note in the vault (give its name or its path from the vault folder)`);
}
