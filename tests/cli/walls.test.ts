// Every command holds the vault's walls: the excluded folders of Reeve's settings in the vault
// (data.json, which the plugin writes), the plan and chat folders, and hidden folders. `index`
// embeds nothing behind them (and drops a note walled since), `search` and `related` return
// nothing behind them, and a flag adds walls without taking the settings' away.
import { writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../llm-server';
import { runReeve } from '../helpers/cli';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';
import { textsSent } from '../search/semantic/fixtures';

const SETTINGS = '.obsidian/plugins/reeve/data.json';
const FILES: Record<string, string> = {
  'Garden.md': '# Garden\nTomatoes grow along the fence. See [[Secret/Keys]] and [[Archive/Old]].\n',
  'Secret/Keys.md': '# Keys\nTomatoes WALLED-SECRET\n',
  'Archive/Old.md': '# Old\nTomatoes WALLED-ARCHIVE\n',
  'Reeve/Chats/Chat.md': '# Chat\nTomatoes WALLED-CHAT\n',
  '.hidden/Note.md': '# Hidden\nTomatoes WALLED-HIDDEN\n',
  [SETTINGS]: JSON.stringify({ excludedFolders: ['Secret'] }),
};

describe('the walls in every CLI command', () => {
  let server: ScriptedLlmServer;
  let tv: TempVault;
  let embed: string[];
  beforeAll(async () => {
    server = await startScriptedLlmServer();
    embed = ['--provider', 'openai-compatible', '--base-url', server.openaiBaseUrl, '--model', 'embed-scripted', '--dimensions', '64'];
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    server.reset();
    tv = await makeTempVault(FILES);
  });
  afterEach(() => tv.cleanup());

  it('index embeds nothing behind a wall, and drops a note whose folder was excluded since', async () => {
    const built = await runReeve(['index', tv.dir, ...embed]);
    expect(built.code).toBe(0);
    const sent = textsSent(server).join('\n');
    expect(sent).toContain('Tomatoes grow along the fence');
    expect(sent).toContain('WALLED-ARCHIVE');
    for (const marker of ['WALLED-SECRET', 'WALLED-CHAT', 'WALLED-HIDDEN']) expect(sent).not.toContain(marker);
    expect(built.stdout).toMatch(/^indexed 2 notes/);

    await writeFile(path.join(tv.dir, SETTINGS), JSON.stringify({ excludedFolders: ['Secret', 'Archive/'] }));
    server.reset();
    const again = await runReeve(['index', tv.dir, ...embed]);
    expect(again.stdout).toMatch(/^indexed 1 notes/);
    expect(textsSent(server)).toEqual([]);
    const hybrid = await runReeve(['search', tv.dir, 'tomatoes', '--mode', 'semantic', '--json', ...embed]);
    expect((JSON.parse(hybrid.stdout) as { path: string }[]).map((h) => h.path)).toEqual(['Garden.md']);
  });

  it('search and related return nothing behind a wall; --exclude adds to the settings and never removes one', async () => {
    const found = await runReeve(['search', tv.dir, 'tomatoes', '--json']);
    expect((JSON.parse(found.stdout) as { path: string }[]).map((h) => h.path).sort()).toEqual(['Archive/Old.md', 'Garden.md']);
    const related = await runReeve(['related', tv.dir, 'Garden', '--exclude', 'Archive', '--json']);
    expect(related.code).toBe(0);
    expect(related.stdout).not.toContain('Secret/Keys.md');
    expect(related.stdout).not.toContain('Archive/Old.md');
    // A walk that starts behind a wall would tell what the walled note links to.
    for (const start of ['Secret/Keys.md', '.hidden/Note.md', 'Reeve/Chats/Chat.md']) {
      const from = await runReeve(['related', tv.dir, start, '--json']);
      expect(from.code).toBe(2);
      expect(from.stdout).toBe('');
      expect(from.stderr).toMatch(/is in the (excluded|hidden) folder "(Secret|\.hidden|Reeve\/Chats)", which Reeve does not read/);
    }
  });

  it('organize neither plans nor moves anything behind a wall', async () => {
    const rules = path.join(tv.dir, 'rules.json');
    await writeFile(rules, JSON.stringify({ rules: [{ name: 'tomatoes', if: 'file.ext == "md"', thenMoveTo: 'Sorted' }] }));
    const r = await runReeve(['organize', tv.dir, '--rules', rules, '--dry-run', '--json']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Garden.md');
    expect(r.stdout).toContain('Archive/Old.md');
    for (const walled of ['Secret/Keys.md', 'Reeve/Chats/Chat.md', '.hidden/Note.md']) expect(r.stdout).not.toContain(walled);
  });

  it('stops, doing nothing, when the settings cannot be read', async () => {
    await writeFile(path.join(tv.dir, SETTINGS), '{"excludedFolders": ["Secret"');
    const r = await runReeve(['index', tv.dir, ...embed]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/\.obsidian\/plugins\/reeve\/data\.json is not JSON .*the folders it excludes cannot be read/);
    expect(server.requests).toEqual([]);
  });
});
