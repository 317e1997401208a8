// @vitest-environment happy-dom
// One contract, two adapters: every scenario runs on the Node adapter and on the Obsidian adapter
// (test runtime), and both must give the same answers.
import '../../obsidian/dom';
import { describe, expect, it } from 'vitest';
import type { VaultPort } from '../../../src/vault-vfs/vault-port';
import { adapters, type AdapterUnderTest } from './adapters';

const FILES: Record<string, string> = {
  'Home.md': '---\ntags: [hub]\naliases: [Start]\n---\n# Home\nSee [[Projects/Alpha|the alpha]], [[Beta#Plan]] and [notes](Notes/Daily%20log.md).\n![[diagram.png]]\n[[Missing]] #inbox\n',
  'Projects/Alpha.md': '# Alpha\nBack to [[Home]]. Related: [[Beta]].\n## Tasks\n- [ ] one ^task1\n',
  'Projects/Beta.md': '# Beta\n## Plan\nLink to [[Alpha#Tasks]] and [[Alpha#^task1]].\n[rel](../Home.md)\n',
  'Notes/Daily log.md': 'Daily. [[Home]] [up](../Projects/Alpha.md)\n`[[not a link]]`\n',
  'Notes/Untouched.md': 'Nothing links here and I link nowhere.\n',
  'diagram.png': 'PNG',
};

type Run = (port: VaultPort, a: AdapterUnderTest) => Promise<unknown>;

/**
 * Runs a scenario on every adapter and returns the Node adapter's result and the Obsidian
 * adapter's; the Obsidian adapter with the user's link updates off must give the same answer.
 */
async function onBoth(run: Run, files = FILES): Promise<[unknown, unknown]> {
  const results: unknown[] = [];
  for (const [, make] of adapters) {
    const a = await make(files);
    try {
      results.push(await run(a.port, a));
    } finally {
      await a.cleanup();
    }
  }
  for (const [i, r] of results.entries()) if (i > 1) expect(r, adapters[i]?.[0]).toEqual(results[0]);
  return results as [unknown, unknown];
}

const errorName = async (p: Promise<unknown>): Promise<string> => p.then(() => 'no error', (e: unknown) => (e as Error).name);

describe.each(adapters)('contract on the %s adapter', (_name, make) => {
  it('lists files and folders', async () => {
    const a = await make(FILES);
    const paths = (await a.port.list()).map((e) => `${e.kind}:${e.path}`).sort();
    expect(paths).toEqual(['file:Home.md', 'file:Notes/Daily log.md', 'file:Notes/Untouched.md', 'file:Projects/Alpha.md', 'file:Projects/Beta.md', 'file:diagram.png', 'folder:Notes', 'folder:Projects']);
    await a.cleanup();
  });

  it('resolves the link graph', async () => {
    const a = await make(FILES);
    expect(a.port.resolvedLinks()['Home.md']).toEqual({ 'Projects/Alpha.md': 1, 'Projects/Beta.md': 1, 'Notes/Daily log.md': 1, 'diagram.png': 1 });
    expect(a.port.unresolvedLinks()['Home.md']).toEqual({ Missing: 1 });
    expect(a.port.backlinks('Home.md')).toEqual(['Notes/Daily log.md', 'Projects/Alpha.md', 'Projects/Beta.md']);
    expect(a.port.resolveLink('Alpha', 'Home.md')).toBe('Projects/Alpha.md');
    await a.cleanup();
  });
});

describe('both adapters agree', () => {
  it('on metadata', async () => {
    const [node, obsidian] = await onBoth((port) => Promise.resolve(Object.keys(FILES).filter((p) => p.endsWith('.md')).map((p) => {
      const m = port.metadata(p);
      return { p, links: m?.links, embeds: m?.embeds, headings: m?.headings, tags: m?.tags, frontmatter: m?.frontmatter, blocks: m?.blocks };
    })));
    expect(obsidian).toEqual(node);
  });

  const sectionsOf = (notes: string[]): Run => (port) => Promise.resolve(notes.map((p) => ({ p, sections: port.metadata(p)?.sections })));

  it('on sections', async () => {
    const notes = Object.keys(FILES).filter((p) => p.endsWith('.md') && p !== 'Notes/Daily log.md');
    const [node, obsidian] = await onBoth(sectionsOf(notes));
    expect(obsidian).toEqual(node);
  });

  // Known: Reeve's parser makes a line that is only a code span its own `code` section; CommonMark
  // and Obsidian keep it in the paragraph. The markdown parser's rework owns the fix; when it
  // lands this test starts passing and `.fails` must go.
  it.fails('on sections of a paragraph that ends with a line of inline code', async () => {
    const [node, obsidian] = await onBoth(sectionsOf(['Notes/Daily log.md']));
    expect(obsidian).toEqual(node);
  });

  it('on moving a note: links into it and its own relative links are rewritten, other notes untouched', async () => {
    const [node, obsidian] = await onBoth(async (port, a) => {
      await port.rename('Projects/Alpha.md', 'Archive/2024/Alpha.md');
      return { home: await a.raw('Home.md'), beta: await a.raw('Projects/Beta.md'), daily: await a.raw('Notes/Daily log.md'), untouched: await a.raw('Notes/Untouched.md'), graph: port.resolvedLinks() };
    });
    expect(obsidian).toEqual(node);
    const r = node as { home: string; daily: string; untouched: string; graph: Record<string, Record<string, number>> };
    // newLinkFormat "shortest": the basename is unique, so Obsidian writes just the file name.
    expect(r.daily).toContain('[up](Alpha.md)');
    expect(r.untouched).toBe(FILES['Notes/Untouched.md']);
    expect(r.graph['Home.md']).toEqual({ 'Archive/2024/Alpha.md': 1, 'Projects/Beta.md': 1, 'Notes/Daily log.md': 1, 'diagram.png': 1 });
  });

  it('on moving a whole folder', async () => {
    const [node, obsidian] = await onBoth(async (port, a) => {
      await port.rename('Projects', 'Work/Projects');
      return { list: (await port.list()).map((e) => e.path).sort(), home: await a.raw('Home.md'), beta: await a.raw('Work/Projects/Beta.md'), graph: port.resolvedLinks() };
    });
    expect(obsidian).toEqual(node);
    // Shortest form from its new folder: Home.md is unique, so just its name.
    expect((node as { beta: string }).beta).toContain('\n[rel](Home.md)\n');
  });

  it('on a case-only rename', async () => {
    const [node, obsidian] = await onBoth(async (port) => {
      await port.rename('Projects/Beta.md', 'Projects/BETA.md');
      return { list: (await port.list()).map((e) => e.path).sort(), graph: port.resolvedLinks()['Home.md'] };
    });
    expect(obsidian).toEqual(node);
    expect((node as { list: string[] }).list).toContain('Projects/BETA.md');
  });

  it('on a new name that would capture links to another file: they keep their target', async () => {
    const files = { 'Projects/Foobar.md': '# Foobar\n', 'Notes/X.md': 'See [[Foobar]] and [f](Foobar.md).\n', 'Inbox/Other.md': 'other\n' };
    const [node, obsidian] = await onBoth(async (port, a) => {
      await port.rename('Inbox/Other.md', 'Inbox/Foobar.md');
      return { x: await a.raw('Notes/X.md'), links: port.resolvedLinks()['Notes/X.md'], back: port.backlinks('Inbox/Foobar.md') };
    }, files);
    expect(obsidian).toEqual(node);
    expect(node).toMatchObject({ links: { 'Projects/Foobar.md': 2 }, back: [] });
  });

  it('on metadata and backlinks read right after each of several moves', async () => {
    const [node, obsidian] = await onBoth(async (port) => {
      const seen: unknown[] = [];
      await port.rename('Projects/Alpha.md', 'A/Alpha.md');
      seen.push(port.backlinks('A/Alpha.md'), port.metadata('Projects/Beta.md')?.links.map((l) => l.link));
      await port.rename('Projects/Beta.md', 'B/Beta.md');
      seen.push(port.backlinks('B/Beta.md'), port.backlinks('A/Alpha.md'), port.metadata('A/Alpha.md')?.links.map((l) => l.link));
      await port.rename('Home.md', 'H/Home.md');
      seen.push(port.backlinks('H/Home.md'), port.unresolvedLinks()['H/Home.md']);
      return seen;
    });
    expect(obsidian).toEqual(node);
  });

  it('on refusals', async () => {
    const [node, obsidian] = await onBoth(async (port) => ({
      overwrite: await errorName(port.create('Home.md', 'x')),
      caseClash: await errorName(port.create('home.md', 'x')),
      renameOnto: await errorName(port.rename('Notes/Untouched.md', 'Projects/alpha.md')),
      config: await errorName(port.create('.obsidian/x.md', 'x')),
      traversal: await errorName(port.read('../etc/passwd')),
      missing: await errorName(port.read('Nope.md')),
    }));
    expect(obsidian).toEqual(node);
    expect(node).toEqual({ overwrite: 'VaultPathExistsError', caseClash: 'VaultPathExistsError', renameOnto: 'VaultPathExistsError', config: 'UnsafePathError', traversal: 'UnsafePathError', missing: 'VaultFileNotFoundError' });
  });

  it('on names a new file may not have, that the vault already holds', async () => {
    const odd = { ...FILES, 'Notes/C# tips.md': '# C#\nSee [[Home]].\n', 'Notes/a:b [draft].md': 'colon\n' };
    const [node, obsidian] = await onBoth(async (port, a) => {
      const read = [await port.read('Notes/C# tips.md'), await port.read('Notes/a:b [draft].md')];
      const stat = (await port.stat('Notes/C# tips.md')) !== null;
      await port.process('Notes/C# tips.md', (t) => t + 'More.\n');
      await port.rename('Notes/a:b [draft].md', 'Projects/a-b draft.md');
      return {
        read,
        stat,
        written: await a.raw('Notes/C# tips.md'),
        newName: await errorName(port.create('Notes/F# tips.md', 'x')),
        renameTo: await errorName(port.rename('Notes/Untouched.md', 'Notes/Un^touched.md')),
        list: (await port.list()).map((e) => e.path).sort(),
      };
    }, odd);
    expect(obsidian).toEqual(node);
    expect(node).toMatchObject({ read: ['# C#\nSee [[Home]].\n', 'colon\n'], stat: true, written: '# C#\nSee [[Home]].\nMore.\n', newName: 'UnsafePathError', renameTo: 'UnsafePathError' });
  });

  it('on writes and trash', async () => {
    const [node, obsidian] = await onBoth(async (port, a) => {
      await port.process('Notes/Untouched.md', (t) => t + 'Now [[Home]].\n');
      await port.createFolder('New/Sub');
      await port.create('New/Sub/n.md', '[[Untouched]]');
      await port.trash('Projects/Beta.md');
      return { text: await a.raw('Notes/Untouched.md'), list: (await port.list()).map((e) => e.path).sort(), back: port.backlinks('Home.md'), unresolved: port.unresolvedLinks()['Home.md'] };
    });
    expect(obsidian).toEqual(node);
    expect((node as { unresolved: Record<string, number> }).unresolved).toEqual({ Missing: 1, Beta: 1 });
  });
});

describe('both adapters report changes', () => {
  it('with the same events for writes, moves, folders and trash, and none after unsubscribing', async () => {
    const [node, obsidian] = await onBoth(async (port) => {
      const events: string[] = [];
      const stop = port.onChange((c) => events.push(c.type === 'rename' ? `rename ${c.kind} ${c.oldPath} -> ${c.path}` : `${c.type}${'kind' in c ? ` ${c.kind}` : ''} ${c.path}`));
      await port.create('Inbox/n.md', 'Links [[Home]].\n');
      await port.process('Notes/Untouched.md', (t) => t + 'edited\n');
      await port.rename('Projects/Alpha.md', 'Archive/Alpha.md');
      await port.trash('diagram.png');
      stop();
      await port.create('After.md', 'not reported');
      // Indexers only need each change once, in order; the set of affected paths is the contract.
      return [...new Set(events)].sort();
    });
    expect(obsidian).toEqual(node);
    expect(node).toEqual(expect.arrayContaining(['create file Inbox/n.md', 'modify Notes/Untouched.md', 'rename file Projects/Alpha.md -> Archive/Alpha.md', 'delete file diagram.png']));
    expect((node as string[]).some((e) => e.includes('After.md'))).toBe(false);
  });
});

describe('both adapters write properties', () => {
  it('the same bytes, the body untouched, a block added where there was none', async () => {
    const [node, obsidian] = await onBoth(async (port, a) => {
      await port.processFrontMatter('Home.md', (fm) => {
        fm.status = 'done';
        (fm.tags as string[]).push('reviewed');
      });
      await port.processFrontMatter('Notes/Untouched.md', (fm) => {
        fm.type = 'note';
      });
      return { home: await a.raw('Home.md'), untouched: await a.raw('Notes/Untouched.md'), tags: port.metadata('Home.md')?.tags.map((t) => t.tag) };
    });
    expect(obsidian).toEqual(node);
    const r = node as { home: string; untouched: string };
    expect(r.home.startsWith('---\ntags:\n  - hub\n  - reviewed\naliases:\n  - Start\nstatus: done\n---\n# Home\n')).toBe(true);
    expect(r.untouched).toBe(`---\ntype: note\n---\n${FILES['Notes/Untouched.md'] ?? ''}`);
  });

  it('refuses, with `expect`, a note whose text is no longer the one expected, and returns the text written', async () => {
    const [node, obsidian] = await onBoth(async (port, a) => {
      const text = await port.read('Notes/Untouched.md');
      const stale = await errorName(port.processFrontMatter('Notes/Untouched.md', (fm) => void (fm.type = 'note'), `${text}changed\n`));
      const untouched = await a.raw('Notes/Untouched.md');
      const written = await port.processFrontMatter('Notes/Untouched.md', (fm) => void (fm.type = 'note'), text);
      return { stale, untouched, written, raw: await a.raw('Notes/Untouched.md') };
    });
    const original = FILES['Notes/Untouched.md'] ?? '';
    expect(node).toEqual({ stale: 'StaleWriteError', untouched: original, written: `---\ntype: note\n---\n${original}`, raw: `---\ntype: note\n---\n${original}` });
    expect(obsidian).toEqual(node);
  });

  it('refuses frontmatter that is not valid YAML and leaves the note as it was', async () => {
    const bad = '---\ntitle: [unclosed\n---\nbody\n';
    // Created through the port: the mocks' own parser (replaced by the faithful vault) throws on it.
    const [node, obsidian] = await onBoth(async (port, a) => {
      await port.create('Bad.md', bad);
      // Each adapter names its YAML error its own way; refusing is the contract.
      return { refused: (await errorName(port.processFrontMatter('Bad.md', (fm) => void (fm.x = 1)))) !== 'no error', text: await a.raw('Bad.md') };
    });
    expect(node).toEqual({ refused: true, text: bad });
    expect(obsidian).toEqual(node);
  });
});
