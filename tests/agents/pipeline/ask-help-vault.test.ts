// The done-when of the agents: `reeve ask` runs Scout, Web and Task end to end against the
// scripted server on a copy of the Obsidian help vault; the edit lands as a pending block and
// `reeve pending accept` applies it. Skips with one line when the help vault is absent.
import { chmodSync, cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReeve } from '../../helpers/cli';
import { HELP_VAULT, helpVaultPresent, helpVaultSuite } from '../../helpers/help-vault';
import { reply, startScriptedLlmServer, type ScriptedLlmServer } from '../../llm-server';
import { startLoopbackWeb, type LoopbackWeb } from '../web/loopback-web';
import { article } from '../web/web-agent-fixtures';
import { sentText } from './ask-fixtures';

function makeWritable(dir: string): void {
  chmodSync(dir, 0o755);
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) makeWritable(p);
    else chmodSync(p, 0o644);
  }
}

describe.skipIf(!helpVaultPresent)(helpVaultSuite('reeve ask on a copy of the Obsidian help vault'), () => {
  let server: ScriptedLlmServer;
  let web: LoopbackWeb;
  let dir: string;
  beforeAll(async () => {
    server = await startScriptedLlmServer();
    web = await startLoopbackWeb();
    dir = path.join(mkdtempSync(path.join(tmpdir(), 'reeve-ask-help-')), 'vault');
    // The shared copy is read-only on disk; the user's own vault would not be.
    cpSync(HELP_VAULT, dir, { recursive: true });
    makeWritable(dir);
  });
  afterAll(async () => {
    await server.close();
    await web.close();
    rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it('Scout finds the embed notes, the Web agent reads a page, the Task agent proposes an edit that pending accepts', async () => {
    const note = 'Linking notes and files/Embed files.md';
    const page = `${web.origin}/embeds`;
    web.route('/search', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ results: [{ url: page, title: 'Embedding tips', content: 'block embeds' }] }) });
    web.html('/embeds', article('Embedding tips', ['Use ![[Note#^block-id]] to embed a single block.']));
    server.script(
      reply.toolCall('search_keyword', { query: 'embed' }),
      reply.toolCall('get_links', { path: note, direction: 'in' }),
      reply.toolCall('update_selection', { selectedPaths: [note, 'Linking notes and files/Internal links.md'], reasoning: 'The embed note and the links note.', confidence: 'done' }),
      reply.toolCall('evaluate_context', { sufficient: false, reasoning: 'Want an outside tip.' }),
      reply.toolCall('web_search', { query: 'obsidian embed block' }),
      reply.toolCall('select_pages', { urls: [page] }),
      reply.toolCall('finalize_web_context', { summary: 'Block embeds use ^block-id.' }),
      reply.toolCall('propose_edits', { summary: 'Added a tip.', edits: [{ file: note, position: 'end', content: '> [!tip] Embed one block with `![[Note#^block-id]]`.' }] }),
    );
    const before = (await import('node:fs/promises')).readFile(path.join(dir, note), 'utf8');
    const r = await runReeve(['ask', dir, 'add a tip about embedding one block', '--agents', 'scout,web,task', '--search-provider', 'searxng', '--search-base-url', web.origin, '--allow-private-hosts', '--json', '--provider', 'openai-compatible', '--base-url', server.openaiBaseUrl, '--model', 'scripted']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { edits: { id: string; file: string }[]; scout: { selected: { path: string; why: { kind: string }[] }[] }; web: { sources: unknown[] } };
    expect(out.scout.selected.map((s) => s.path)).toEqual([note, 'Linking notes and files/Internal links.md']);
    expect(out.scout.selected[0]?.why.map((w) => w.kind)).toContain('title');
    expect(out.web.sources).toHaveLength(1);
    expect(out.edits.map((e) => e.file)).toEqual([note]);
    expect(sentText(server.chatRequests()[0])).toContain('The vault has');
    const accepted = await runReeve(['pending', dir, 'accept', '--id', out.edits[0]?.id ?? '']);
    expect(accepted.stderr).toBe('');
    expect(accepted.code).toBe(0);
    const after = await (await import('node:fs/promises')).readFile(path.join(dir, note), 'utf8');
    expect(after).toBe(`${(await before).replace(/\n*$/, '\n')}> [!tip] Embed one block with \`![[Note#^block-id]]\`.\n`);
  });
});
