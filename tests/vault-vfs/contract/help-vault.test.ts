// @vitest-environment happy-dom
// The real Obsidian Help vault, written by other people, through both adapters: same metadata,
// same link graph. Attachments are stood in by empty files: only their names matter to links.
import '../../obsidian/dom';
import { readdir, readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adapters } from './adapters';

const HELP = path.resolve(import.meta.dirname, '..', '..', '..', '..', 'shared', 'vaults', 'obsidian-help-en');

async function helpFiles(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (abs: string, rel: string): Promise<void> => {
    for (const e of await readdir(abs, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(path.join(abs, e.name), r);
      else out[r] = r.endsWith('.md') ? await readFile(path.join(abs, e.name), 'utf8') : '';
    }
  };
  await walk(HELP, '');
  return out;
}

/** Obsidian lists every note in the link maps, with `{}` when it has none; the contract does not care. */
function withoutEmpty(links: Record<string, Record<string, number>>): Record<string, Record<string, number>> {
  return Object.fromEntries(Object.entries(links).filter(([, targets]) => Object.keys(targets).length > 0));
}

describe('the help vault through both adapters', () => {
  it('gives identical link graphs and metadata', async () => {
    const files = await helpFiles();
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
    expect(Object.keys(node?.resolved ?? {}).length).toBeGreaterThan(150);
    expect(obsidian).toEqual(node);
  });
});
