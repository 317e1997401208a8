// `reeve mcp --embed-model` over stdio: semantic and hybrid search with the index `reeve index`
// built, against the scripted embedding server on loopback; only the client's query is sent, and a
// walled note is neither in the index nor in a hit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../llm-server';
import { buildCliBundle, removeCliBundle, runReeve } from '../helpers/cli';
import { connectReeve, type McpSession } from '../helpers/mcp-stdio-client';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';
import { textsSent } from '../search/semantic/fixtures';

describe('reeve mcp: semantic search', () => {
  let bin = '';
  let server: ScriptedLlmServer;
  let vault: TempVault;
  let s: McpSession;
  let flags: string[];
  beforeAll(async () => {
    bin = await buildCliBundle();
    server = await startScriptedLlmServer();
    vault = await makeTempVault({
      '.obsidian/plugins/reeve/data.json': JSON.stringify({ excludedFolders: ['Private'] }),
      'Garden.md': '# Garden\nA sentence about gardening tools and compost.\n',
      'Kitchen.md': '# Kitchen\nPots, pans and a recipe for soup.\n',
      'Private/Diary.md': '# Diary\nA private sentence about gardening tools.\n',
    });
    flags = ['--provider', 'openai-compatible', '--base-url', server.openaiBaseUrl, '--dimensions', '256'];
    const built = await runReeve(['index', vault.dir, '--model', 'embed-scripted', ...flags]);
    expect(built.code).toBe(0);
    expect(textsSent(server).join('\n')).not.toContain('private sentence');
    server.reset();
    s = await connectReeve(bin, [vault.dir, '--embed-model', 'embed-scripted', ...flags]);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await server?.close();
    removeCliBundle(bin);
    await vault?.cleanup();
  });

  it('finds by meaning, says so in why, sends only the query, and never a walled note', async () => {
    const r = await s.call('search', { query: 'gardening tools sentence', mode: 'semantic' });
    const sc = r.structuredContent as { mode: string; hits: { path: string; why: { kind: string }[] }[] };
    expect(sc.mode).toBe('semantic');
    expect(sc.hits[0]?.path).toBe('Garden.md');
    expect(sc.hits[0]?.why.map((w) => w.kind)).toContain('semantic');
    expect(sc.hits.map((h) => h.path)).not.toContain('Private/Diary.md');
    expect(textsSent(server)).toEqual(['gardening tools sentence']);
    const hybrid = await s.call('search', { query: 'gardening tools sentence' });
    expect((hybrid.structuredContent as { mode: string }).mode).toBe('hybrid');
    expect(JSON.stringify(hybrid)).not.toContain('Private');
  });
});
