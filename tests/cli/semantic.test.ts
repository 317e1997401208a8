// `reeve index`, `search --mode` and `related` on a copy of the Obsidian Help vault with the
// scripted embedding server: the index is built once and then only updated, a paid first build
// needs --yes, hits say why, walks treat excluded folders as walls.
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../llm-server';
import { runReeve } from '../helpers/cli';
import { HELP_VAULT, helpVaultPresent, helpVaultSuite } from '../helpers/help-vault';
import { textsSent } from '../search/semantic/fixtures';

const HELP = HELP_VAULT;

describe.skipIf(!helpVaultPresent)(helpVaultSuite('the semantic index on the Obsidian Help vault'), () => {
  let server: ScriptedLlmServer;
  let dir: string;
  let local: string[];
  beforeAll(async () => {
    server = await startScriptedLlmServer();
    dir = await mkdtemp(path.join(tmpdir(), 'reeve-semantic-cli-'));
    await cp(HELP, dir, { recursive: true });
    local = ['--provider', 'openai-compatible', '--base-url', server.openaiBaseUrl, '--model', 'embed-scripted', '--dimensions', '256'];
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => server.reset());

  interface Hit {
    path: string;
    score: number;
    why: { kind: string; detail: string }[];
  }

  describe('reeve index and search --mode', () => {
    it('falls back to keywords before the index exists, builds it, then updates only what changed', async () => {
      const before = await runReeve(['search', dir, 'canvas', '--mode', 'hybrid', '--json', ...local]);
      expect(before.code).toBe(0);
      expect(before.stderr).toMatch(/semantic index is not built yet; keyword search ran instead/);
      expect(textsSent(server)).toEqual([]);

      const none = await runReeve(['index', dir, '--status']);
      expect(none).toMatchObject({ code: 0, stdout: 'no semantic index is saved in this vault (reeve index with the embedding flags builds it)\n' });

      const built = await runReeve(['index', dir, ...local]);
      expect(built.code).toBe(0);
      expect(built.stdout).toMatch(/^indexed [\d,]+ notes in [\d,]+ chunks; [\d,]+ texts sent to local\n$/);
      const chunks = Number(/in ([\d,]+) chunks/.exec(built.stdout)?.[1]?.replace(/,/g, ''));
      expect(textsSent(server)).toHaveLength(chunks);
      expect(chunks).toBeGreaterThan(173);

      server.reset();
      await writeFile(path.join(dir, 'Home.md'), '# Home\nA brand new sentence about gardening tools.\n');
      const again = await runReeve(['index', dir, ...local]);
      expect(again.code).toBe(0);
      expect(textsSent(server)).toEqual(['Home\n\n# Home\nA brand new sentence about gardening tools.']);

      const status = await runReeve(['index', dir, '--status', ...local]);
      expect(status.stdout).toMatch(/^local\/embed-scripted\/256: [\d,]+ notes, [\d,]+ chunks, [\d.]+ MB in \.obsidian\/plugins\/reeve\/semantic-index\/store\.bin\n$/);
      // Without the flags, --status names the model the saved index was built with; nothing is sent.
      server.reset();
      const bare = await runReeve(['index', dir, '--status']);
      expect(bare.code).toBe(0);
      expect(bare.stdout).toBe(status.stdout);
      expect(server.requests).toEqual([]);

      server.reset();
      const hybrid = await runReeve(['search', dir, 'gardening sentence brand', '--mode', 'hybrid', '--json', ...local]);
      expect(hybrid.code).toBe(0);
      const hits = JSON.parse(hybrid.stdout) as Hit[];
      expect(hits[0]?.path).toBe('Home.md');
      for (const h of hits) for (const w of h.why) expect(Object.keys(w).sort()).toEqual(['detail', 'kind']);
      expect(hits[0]?.why.map((w) => w.kind)).toContain('semantic');
      expect(textsSent(server)).toEqual(['gardening sentence brand']);

      const semantic = await runReeve(['search', dir, 'gardening sentence brand', '--mode', 'semantic', '--limit', '3', ...local]);
      expect(semantic.stdout.split('\n')[0]).toMatch(/^\d\.\d{3} {2}Home\.md {2}\(similar in meaning/);
    }, 120_000);

    it('asks before a paid first build; --yes agrees', async () => {
      const paidDir = await mkdtemp(path.join(tmpdir(), 'reeve-paid-'));
      await writeFile(path.join(paidDir, 'a.md'), '# A\nSome text.\n');
      const paid = ['--provider', 'openai', '--base-url', server.openaiBaseUrl];
      const env = { OPENAI_API_KEY: 'sk-test-0123456789' };
      const refused = await runReeve(['index', paidDir, ...paid], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/the first build sends 1 chunks of 1 notes \(about \d+ tokens, about \$0\.0000\) to openai; nothing was sent\. Run again with --yes/);
      expect(textsSent(server)).toEqual([]);
      const agreed = await runReeve(['index', paidDir, '--yes', ...paid], env);
      expect(agreed.code).toBe(0);
      expect(server.requests.find((r) => r.api === 'openai-embeddings')?.body).toMatchObject({ model: 'text-embedding-3-small', dimensions: 512 });
      await rm(paidDir, { recursive: true, force: true });
    });

    it('refuses bad usage', async () => {
      expect((await runReeve(['search', dir, 'x', '--mode', 'semantic'])).stderr).toMatch(/--mode semantic needs the embedding model/);
      expect((await runReeve(['search', dir, 'x', '--mode', 'fuzzy'])).code).toBe(2);
      expect((await runReeve(['index', dir])).stderr).toMatch(/needs the embedding model/);
      expect((await runReeve(['index', dir, '--provider', 'anthropic'], { ANTHROPIC_API_KEY: 'k' })).stderr).toMatch(/no embeddings API/);
    });
  });

  describe('reeve related', () => {
    it('walks links with depth and origin; excluded folders are walls', async () => {
      const note = 'Linking notes and files/Internal links.md';
      const out = await runReeve(['related', dir, note, '--depth', '1', '--direction', 'out', '--json']);
      expect(out.code).toBe(0);
      const direct = JSON.parse(out.stdout) as { path: string; depth: number; from: string }[];
      expect(direct.length).toBeGreaterThan(0);
      for (const r of direct) expect(r).toEqual({ path: r.path, depth: 1, from: note });

      const deep = JSON.parse((await runReeve(['related', dir, note, '--depth', '2', '--limit', '1000', '--json'])).stdout) as { path: string; depth: number; from: string }[];
      const folder = 'Plugins';
      expect(deep.some((r) => r.path.startsWith('Plugins/'))).toBe(true);
      const walled = JSON.parse((await runReeve(['related', dir, note, '--depth', '2', '--limit', '1000', '--exclude', folder, '--json'])).stdout) as { path: string; from: string }[];
      expect(walled.some((r) => r.path.startsWith(`${folder}/`) || r.from.startsWith(`${folder}/`))).toBe(false);
      expect(walled.length).toBeLessThan(deep.length);

      const text = await runReeve(['related', dir, note, '--limit', '2']);
      expect(text.stdout).toMatch(/… \d+ more \(raise --limit\)\n$/);
      expect((await runReeve(['related', dir, 'Nope.md'])).stderr).toMatch(/note Nope\.md: no such note/);
      expect((await runReeve(['related', dir, note, '--depth', '4'])).code).toBe(2);
    });
  });
});
