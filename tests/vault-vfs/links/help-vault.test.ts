// The parser and the resolver on a real vault written by others: the English Obsidian Help vault.
// It is only read here. Its unresolved links were checked by hand once (see
// tests/fixtures/help-vault/README.md); this test keeps the computed set equal to that list.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { backlinksOf, buildLinkGraph } from '../../../src/vault-vfs/links/link-graph';
import { LinkResolver } from '../../../src/vault-vfs/links/resolver';
import { parseMarkdown } from '../../../src/vault-vfs/markdown/parse-markdown';
import type { NoteMetadata } from '../../../src/vault-vfs/metadata-types';
import { HELP_VAULT, helpVaultPresent, helpVaultSuite } from '../../helpers/help-vault';

const VAULT = HELP_VAULT;
const FIXTURE = fileURLToPath(new URL('../../fixtures/help-vault/unresolved-links.json', import.meta.url));

function listFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(root, full).split('\\').join('/'));
    }
  };
  walk(root);
  return out.sort();
}

describe.skipIf(!helpVaultPresent)(helpVaultSuite('the Obsidian Help vault'), () => {
  // Read only when the suite runs: a fresh clone has no vault to read.
  const files = helpVaultPresent ? listFiles(VAULT) : [];
  const metas = new Map<string, NoteMetadata>();
  for (const f of files) if (f.endsWith('.md')) metas.set(f, parseMarkdown(readFileSync(join(VAULT, f), 'utf8')));
  const resolver = new LinkResolver(files);
  const graph = buildLinkGraph(files, (p) => metas.get(p) ?? null, resolver);

  it('parses every note, with valid frontmatter everywhere', () => {
    expect(metas.size).toBeGreaterThan(150);
    expect([...metas].filter(([, m]) => m.frontmatterError !== null).map(([p]) => p)).toEqual([]);
    const total = [...metas.values()].reduce((n, m) => n + m.links.length + m.embeds.length, 0);
    expect(total).toBeGreaterThan(1000);
  });

  it('reports exactly the unresolved links checked by hand', () => {
    const computed = Object.entries(graph.unresolved)
      .flatMap(([source, links]) => Object.keys(links).map((link) => ({ source, link })))
      .sort((a, b) => (a.source === b.source ? (a.link < b.link ? -1 : 1) : a.source < b.source ? -1 : 1));
    expect(computed).toEqual(JSON.parse(readFileSync(FIXTURE, 'utf8')) as unknown);
  });

  it('resolves the home page links to the right notes', () => {
    expect(graph.resolved['Home.md']).toEqual({
      'Getting started/Download and install Obsidian.md': 1,
      'Getting started/Create a vault.md': 1,
      'Getting started/Create your first note.md': 1,
      'Getting started/Link notes.md': 1,
      'Getting started/Import notes.md': 1, // a note, though a folder "Import notes" exists too
      'Getting started/Sync your notes across devices.md': 1,
      'Plugins/Core plugins.md': 1,
      'Extending Obsidian/Community plugins.md': 1,
      'Extending Obsidian/Themes.md': 1,
      'Extending Obsidian/CSS snippets.md': 1,
      'Obsidian Web Clipper/Introduction to Obsidian Web Clipper.md': 1,
      'Extending Obsidian/Obsidian CLI.md': 1,
      'Obsidian Sync/Introduction to Obsidian Sync.md': 1,
      'Obsidian Publish/Introduction to Obsidian Publish.md': 1,
      'Licenses and payment/Catalyst license.md': 1,
      'Teams/Commercial license.md': 1,
      'Obsidian/Credits.md': 1,
    });
  });

  it('prefers the note in the same folder among duplicate names', () => {
    const publish = 'Obsidian Publish/Introduction to Obsidian Publish.md';
    const sync = 'Obsidian Sync/Introduction to Obsidian Sync.md';
    expect(graph.resolved[publish]?.['Obsidian Publish/Security and privacy.md']).toBe(1);
    expect(graph.resolved[sync]?.['Obsidian Sync/Security and privacy.md']).toBe(1);
    expect(graph.resolved[publish]?.['Obsidian Sync/Security and privacy.md']).toBeUndefined();
  });

  it('resolves folder paths, lower-case names, heading links and embeds', () => {
    const clip = graph.resolved['Obsidian Web Clipper/Clip web pages.md'] ?? {};
    expect(clip['Obsidian Web Clipper/Templates.md']).toBeGreaterThanOrEqual(2); // [[Obsidian Web Clipper/Templates|...]]
    expect(clip['Obsidian Web Clipper/Variables.md']).toBeGreaterThanOrEqual(1); // [[variables]]
    expect(clip['Plugins/Templates.md']).toBeUndefined();
    expect(resolver.resolve('Plugins/Templates', 'Plugins/Core plugins.md')).toBe('Plugins/Templates.md');
    expect(graph.resolved['Editing and formatting/Advanced formatting syntax.md']?.['Attachments/Engelbart.jpg']).toBeGreaterThanOrEqual(1);
    expect(backlinksOf(graph, 'Attachments/Engelbart.jpg').length).toBeGreaterThanOrEqual(3);
  });

  it('does not count the links shown as examples in code', () => {
    // "Embed files" shows `![[Internal links]]` in a fenced block only; "Internal links" links to
    // itself with [[#Preview a linked file]] outside code.
    const embed = metas.get('Linking notes and files/Embed files.md');
    expect(embed?.embeds.map((e) => e.link)).not.toContain('Internal links');
    expect(graph.resolved['Linking notes and files/Internal links.md']?.['Linking notes and files/Internal links.md']).toBeGreaterThanOrEqual(1);
  });
});
