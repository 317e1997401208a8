// The semantic index on real files and the scripted embedding server: rankings are checkable
// (the embedder is a hashed bag of words), and every claim about what is (not) embedded again is
// checked by counting the texts the server received.
import { readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import { SemanticIndex } from '../../../src/search/semantic/semantic-index';
import type { SemanticIndexerOptions } from '../../../src/search/semantic/semantic-indexer';
import { STORE_FILE } from '../../../src/search/semantic/store-file';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../llm-server';
import { makeTempVault, type TempVault } from '../../helpers/temp-vault';
import { scriptedEmbedder, sectionNote, textsSent } from './fixtures';

let server: ScriptedLlmServer;
let vault: TempVault;
beforeAll(async () => {
  server = await startScriptedLlmServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  server.reset();
  vault = await makeTempVault({
    'Garden.md': sectionNote('garden', 3),
    'Kitchen/Bread.md': '# Sourdough\nFlour water salt starter, a long rise and a hot oven.\n',
    'Kitchen/Soup.md': '# Soup\nLeeks, potatoes, stock. Simmer slowly.\n',
    'Travel/Lisbon.md': sectionNote('lisbon', 4),
  });
});
afterEach(() => vault.cleanup());

const storePath = (): string => path.join(vault.dir, '.obsidian/plugins/reeve', STORE_FILE);

async function open(options: SemanticIndexerOptions = {}, dims = 64): Promise<{ port: NodeVault; index: SemanticIndex }> {
  const port = await NodeVault.open(vault.dir);
  const index = new SemanticIndex(port, scriptedEmbedder(server, dims), { batchSize: 3, saveDelayMs: 10, ...options });
  return { port, index };
}

describe('semantic index', () => {
  it('builds, ranks by meaning with the best chunk per note, and a restart embeds nothing again', async () => {
    const { index } = await open();
    await index.start();
    expect(index.progress.phase).toBe('ready');
    const chunks = index.progress.chunks;
    // Garden: 3 sections, Lisbon: 4; the short notes are one chunk each; frontmatter is not sent.
    expect(chunks).toBe(9);
    expect(textsSent(server)).toHaveLength(9);
    expect(textsSent(server).some((t) => t.includes('tags:'))).toBe(false);
    // A short note is one chunk, its headings kept in the text.
    expect(textsSent(server)).toContain('Bread\n\n# Sourdough\nFlour water salt starter, a long rise and a hot oven.');
    const hits = await index.search('lisbon words about section 2', { limit: 3 });
    expect(hits[0]).toMatchObject({ path: 'Travel/Lisbon.md', heading: 'lisbon part 2' });
    expect(new Set(hits.map((h) => h.path)).size).toBe(hits.length);
    expect((await index.search('flour starter oven', { limit: 1 }))[0]?.path).toBe('Kitchen/Bread.md');
    await index.stop();

    server.reset();
    const again = await open();
    await again.index.start();
    expect(textsSent(server)).toEqual([]);
    expect(again.index.progress.chunks).toBe(9);
    // The query itself is embedded (once: the second search is served from the cache).
    await again.index.search('soup leeks');
    await again.index.search('soup leeks');
    expect(textsSent(server)).toEqual(['soup leeks']);
    await again.index.stop();
  });

  it('resumes after a network failure and a restart without embedding anything twice', async () => {
    let batches = 0;
    const failing = await open({
      saveIntervalMs: 0,
      onProgress: (p) => {
        if (p.phase === 'embedding' && p.done > 0 && ++batches === 1) server.failNext('openai-embeddings', { kind: 'http_error', status: 400, message: 'bad request' });
      },
    });
    await failing.index.start();
    expect(failing.index.progress.phase).toBe('failed');
    expect(failing.index.progress.error).toMatch(/bad request|400/);
    const sentBefore = textsSent(server);
    const storedBefore = failing.index.progress.chunks;
    expect(storedBefore).toBeGreaterThan(0);
    expect(storedBefore).toBeLessThan(9);
    await failing.index.stop();

    // Restart (a new process): only the chunks no saved note has are sent.
    server.reset();
    const resumed = await open();
    await resumed.index.start();
    expect(resumed.index.progress.phase).toBe('ready');
    const sentAfter = textsSent(server);
    expect(sentAfter.length).toBe(9 - storedBefore);
    expect(new Set([...sentBefore, ...sentAfter]).size).toBe(9);
    expect(sentAfter.filter((t) => sentBefore.includes(t)).length).toBeLessThanOrEqual(sentBefore.length - storedBefore);
    await resumed.index.stop();
  });

  it('re-embeds only the edited section, moves vectors on rename, drops deleted notes', async () => {
    const { port, index } = await open();
    await index.start();
    server.reset();
    await port.process('Travel/Lisbon.md', (t) => t.replace('lisbon words about section 1 ', 'trams and pastries in section one '));
    await index.indexer.settled();
    await vi_waitFor(() => textsSent(server).length === 1);
    expect(textsSent(server)[0]).toMatch(/^Lisbon\nlisbon part 1\n\ntrams and pastries/);

    server.reset();
    await port.rename('Kitchen', 'Food');
    await index.indexer.settled();
    expect(textsSent(server)).toEqual([]);
    expect([...index.indexer.store.notes.keys()].sort()).toEqual(['Food/Bread.md', 'Food/Soup.md', 'Garden.md', 'Travel/Lisbon.md']);
    expect((await index.search('flour starter oven', { limit: 1 }))[0]?.path).toBe('Food/Bread.md');

    await port.trash('Garden.md');
    await index.indexer.settled();
    expect(index.indexer.store.notes.has('Garden.md')).toBe(false);
    expect(index.progress.chunks).toBe(6);
    await index.stop();
  });

  it('refuses a store of another model, a damaged or truncated one, with a reason, and rebuilds', async () => {
    const built = await open();
    await built.index.start();
    await built.index.stop();
    const good = await readFile(storePath());

    server.reset();
    // Another model: the store is refused, and consent is asked again since it starts empty.
    const port = await NodeVault.open(vault.dir);
    const estimates: number[] = [];
    const withConsent = new SemanticIndex(port, scriptedEmbedder(server, 32), { consent: (e) => (estimates.push(e.chunks), true) });
    await withConsent.start();
    expect(withConsent.progress.refused).toBe('written for local/embed-scripted/64, not local/embed-scripted/32; kept until the new index is built');
    expect(estimates).toEqual([9]);
    expect(textsSent(server)).toHaveLength(9);
    await withConsent.stop();

    for (const [bytes, reason] of [
      [good.subarray(0, good.length - 7), /truncated/],
      [Buffer.concat([good.subarray(0, 40), Buffer.from([good[40]! ^ 0xff]), good.subarray(41)]), /damaged/],
      [Buffer.from('not a store at all'), /not a semantic index file/],
    ] as const) {
      await writeFile(storePath(), bytes);
      server.reset();
      const reopened = await open();
      await reopened.index.start();
      expect(reopened.index.progress.refused).toMatch(reason);
      expect(textsSent(server)).toHaveLength(9);
      await reopened.index.stop();
    }
  });

  it('asks consent before a first build and does nothing when declined', async () => {
    const { index } = await open({ consent: () => false, pricePerMillionTokens: 0.02 });
    await index.start();
    expect(index.progress.phase).toBe('declined');
    expect(index.progress.estimate).toMatchObject({ notes: 4, chunks: 9 });
    expect(index.progress.estimate?.usd).toBeGreaterThan(0);
    expect(textsSent(server)).toEqual([]);
    index.indexer.resume();
    await index.indexer.settled();
    expect(index.progress.phase).toBe('ready');
    await index.stop();
  });

  it('pauses, resumes and cancels with nothing half-written', async () => {
    let paused = false;
    const holder: { index?: SemanticIndex } = {};
    const { index } = await open({
      saveIntervalMs: 0,
      onProgress: (p) => {
        if (p.phase === 'embedding' && p.done >= 3 && !paused) {
          paused = true;
          holder.index?.indexer.pause();
        }
      },
    });
    holder.index = index;
    const build = index.start();
    await vi_waitFor(() => index.progress.phase === 'paused');
    const sentAtPause = textsSent(server).length;
    await new Promise((r) => setTimeout(r, 50));
    expect(textsSent(server).length).toBe(sentAtPause);
    await index.indexer.cancel();
    await build;
    expect(index.progress.phase).toBe('cancelled');
    const stored = index.progress.chunks;
    await index.stop();
    // What was saved decodes, and holds only whole notes.
    server.reset();
    const next = await open();
    await next.index.start();
    expect(next.index.progress.refused).toBeNull();
    expect(textsSent(server).length).toBe(9 - stored);
    await next.index.stop();
  });
});

async function vi_waitFor(cond: () => boolean, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}
