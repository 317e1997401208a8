// A folder or note named on the command line, the ways a user names one: its path from the vault
// folder (`Inbox`, `/Inbox`, `Inbox/`), or a path on disk that leads into the vault, as tab
// completion writes it (`./Inbox` from inside the vault, `~/vault/Inbox`, `/home/me/vault/Inbox`).
// An excluded folder the vault does not have is refused, never ignored: `--exclude ./Private` or
// `--exclude private` that matched nothing used to let the agents read Private/ as if no folder
// had been named.
import { existsSync, realpathSync } from 'node:fs';
import * as path from 'node:path';
import { checkVaultPath } from '../vault-vfs/path-safety';
import type { VaultPort } from '../vault-vfs/vault-port';
import { UsageError } from './command';

function real(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

/**
 * The vault path `raw` names: a path on disk inside the vault (absolute, or starting `./` or
 * `../`, from the current folder) becomes its path from the vault folder; anything else is already
 * one, with leading `./` and slashes and trailing slashes dropped.
 */
export function vaultPathArg(vaultDir: string, raw: string, cwd: string): string {
  if (path.isAbsolute(raw) || /^\.\.?(?:[/\\]|$)/.test(raw)) {
    const onDisk = path.resolve(cwd, raw);
    if (existsSync(onDisk)) {
      const rel = path.relative(real(path.resolve(cwd, vaultDir)), real(onDisk));
      if (rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel)) return rel.split(path.sep).join('/');
    }
  }
  return raw.replace(/^(?:\.\/)+/, '').replace(/^\/+|\/+$/g, '');
}

/** Where a command runs: the vault folder it was given and the current folder, for paths on disk. */
export interface ArgPlace {
  vaultDir: string;
  cwd: string;
}

/**
 * The vault path of the folder `raw` names; a usage error naming `flag` when the path is one the
 * vault refuses (`..`, the config folder) or the vault has no such folder.
 */
export async function folderArg(vault: VaultPort, raw: string, flag: string, at: ArgPlace): Promise<string> {
  const p = vaultPathArg(at.vaultDir, raw, at.cwd);
  const check = checkVaultPath(p, { configDir: vault.configDir });
  if (!check.ok) throw new UsageError(`${flag} ${raw}: ${check.reason}`);
  const folders = (await vault.list()).filter((e) => e.kind === 'folder').map((e) => e.path);
  if (folders.includes(p)) return p;
  // A name is typed composed (NFC) while the disk may spell it decomposed: the one folder it means.
  const typed = folders.filter((f) => f.normalize('NFC') === p.normalize('NFC'));
  if (typed.length === 1) return typed[0] as string;
  const near = folders.find((f) => f.toLowerCase() === p.toLowerCase());
  throw new UsageError(`${flag} ${raw}: no such folder in the vault${near === undefined ? '' : `; did you mean ${near}?`}`);
}

/** A `--folder` that may be left out or name the vault folder itself (`/`): then ''. */
export async function optionalFolderArg(vault: VaultPort, raw: string | undefined, flag: string, at: ArgPlace): Promise<string> {
  if (raw === undefined || vaultPathArg(at.vaultDir, raw, at.cwd) === '') return '';
  return folderArg(vault, raw, flag, at);
}

/** Every folder a repeated flag (`--exclude A --exclude B`) names. */
export async function folderArgs(vault: VaultPort, raws: readonly string[], flag: string, at: ArgPlace): Promise<string[]> {
  const out: string[] = [];
  for (const raw of raws) out.push(await folderArg(vault, raw, flag, at));
  return out;
}
