// @vitest-environment happy-dom
// The real Obsidian Help vault, written by other people, and the project's own fixture vault,
// through both adapters: same metadata, same link graph. Attachments are stood in by empty files:
// only their names matter to links.
import '../../obsidian/dom';
import { readdir, readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureVault, helpPropertyVault, helpVaultPresent, helpVaultSuite, type PropertyVault } from '../../helpers/help-vault';
import { adapters } from './adapters';

async function vaultFiles(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (abs: string, rel: string): Promise<void> => {
    for (const e of await readdir(abs, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(path.join(abs, e.name), r);
      else out[r] = r.endsWith('.md') ? await readFile(path.join(abs, e.name), 'utf8') : '';
    }
  };
  await walk(root, '');
  return out;
}

/** Obsidian lists every note in the link maps, with `{}` when it has none; the contract does not care. */
function withoutEmpty(links: Record<string, Record<string, number>>): Record<string, Record<string, number>> {
  return Object.fromEntries(Object.entries(links).filter(([, targets]) => Object.keys(targets).length > 0));
}

async function sameThroughBothAdapters(vault: PropertyVault): Promise<void> {
  const files = await vaultFiles(vault.dir);
  const results = [];
  for (const [, make] of adapters) {
    const a = await make(files);
    const notes = Object.keys(files).filter((p) => p.endsWith('.md'));
    results.push({
      resolved: withoutEmpty(a.port.resolvedLinks()),
      unresolved: withoutEmpty(a.port.unresolvedLinks()),
      headings: notes.map((p) => a.port.metadata(p)?.headings.length ?? -1),
      tags: notes.map((p) => a.port.metadata(p)?.tags.map((t) => t.tag)),
    });
    await a.cleanup();
  }
  const [node, obsidian] = results;
  expect(Object.keys(node?.resolved ?? {}).length).toBeGreaterThan(vault.min.resolvedSources);
  expect(obsidian).toEqual(node);
}

describe('a real vault through both adapters', () => {
  it('gives identical link graphs and metadata on the fixture vault', async () => {
    const vault = await fixtureVault();
    try {
      await sameThroughBothAdapters(vault);
    } finally {
      await vault.cleanup();
    }
  });
});

describe.skipIf(!helpVaultPresent)(helpVaultSuite('the help vault through both adapters'), () => {
  it('gives identical link graphs and metadata', () => sameThroughBothAdapters(helpPropertyVault));
});
