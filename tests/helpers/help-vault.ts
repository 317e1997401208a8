// The English Obsidian Help vault, a real vault written by others, lives beside the repository
// (`../shared/vaults/obsidian-help-en`) or wherever REEVE_HELP_VAULT says. It states no licence,
// so it is never copied into the repository: tests that read it skip, with one line saying what
// is missing, when it is absent (a fresh clone), and CI, which has it, runs them. The properties
// they check also run on a vault of the project's own: the benchmark corpus (bench/corpus.ts),
// generated from a seed with frontmatter, headings, wikilinks, markdown links, embeds, tags,
// attachments, missing targets and non-ASCII names.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { writeCorpus } from '../../bench/corpus';

export const HELP_VAULT = process.env.REEVE_HELP_VAULT ?? path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'vaults', 'obsidian-help-en');

export const helpVaultPresent = existsSync(HELP_VAULT);

/** The one line a skipped suite shows. */
export const HELP_VAULT_MISSING = `skipped: no Obsidian Help vault at ${HELP_VAULT} (set REEVE_HELP_VAULT to run)`;

/**
 * A suite name that says why the suite is skipped, when it is; the reason is also said once on
 * stderr, since the default reporter shows a skipped file's counts but not its suites' names.
 */
export function helpVaultSuite(name: string): string {
  if (helpVaultPresent) return name;
  process.stderr.write(`${HELP_VAULT_MISSING}\n`);
  return `${name} (${HELP_VAULT_MISSING})`;
}

export interface PropertyVault {
  name: string;
  dir: string;
  /** Lower bounds that show the vault is rich enough for the property to mean something. */
  min: { notes: number; resolvedSources: number; rewrites: number };
}

/** The project's own fixture vault, written to a temp folder; `cleanup` removes it. */
export async function fixtureVault(): Promise<PropertyVault & { cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'reeve-fixture-vault-'));
  await writeCorpus(dir, { notes: 100, seed: 11 });
  return { name: 'the fixture vault', dir, min: { notes: 90, resolvedSources: 50, rewrites: 30 }, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** The help vault as a property vault (only when present). */
export const helpPropertyVault: PropertyVault = { name: 'the Obsidian Help vault', dir: HELP_VAULT, min: { notes: 150, resolvedSources: 150, rewrites: 50 } };
