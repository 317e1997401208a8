// The walls of `reeve ask`, end to end against the scripted server over HTTP: the excluded folders
// of Reeve's settings in the vault (data.json) and of --exclude, the plan and chat folders, and
// every hidden folder. Nothing behind them is embedded, searched, read, counted or sent; a note
// named on the command line behind one is refused before anything is sent.
import { describe, expect, it } from 'vitest';
import { runReeve } from '../../helpers/cli';
import { reply } from '../../llm-server';
import { agentTestEnv } from '../organize/agent-fixtures';
import { SOLAR_VAULT, sentText } from './ask-fixtures';

const env = agentTestEnv();
const model = (): string[] => ['--provider', 'openai-compatible', '--base-url', env.server.openaiBaseUrl, '--model', 'scripted'];

/** Each walled note carries a marker and the tag #walledtag, which no note outside carries. */
const WALLED: Record<string, string> = {
  'Secret/Plan.md': '# Plan\n\nWALLED-SECRET solar roof panels #walledtag\n',
  'Private/Diary.md': '# Diary\n\nWALLED-PRIVATE solar roof panels #walledtag\n',
  'Reeve/Chats/Chat about solar.md': '# Chat\n\nWALLED-CHAT solar roof panels #walledtag\n',
  'Reeve/Plans/Organize 2024.md': '# Plan\n\nWALLED-PLAN solar roof panels #walledtag\n',
  '.hidden/note.md': '# Hidden\n\nWALLED-HIDDEN solar roof panels #walledtag\n',
};
const VAULT: Record<string, string> = {
  ...SOLAR_VAULT,
  ...WALLED,
  'Projects/Roof photo.png': 'not a note',
  '.obsidian/plugins/reeve/data.json': JSON.stringify({ excludedFolders: ['Secret'] }),
};
const MARKERS = ['WALLED-SECRET', 'WALLED-PRIVATE', 'WALLED-CHAT', 'WALLED-PLAN', 'WALLED-HIDDEN'];

function everythingSent(): string {
  return env.server.requests.map((r) => JSON.stringify(r.body)).join('\n');
}

describe('reeve ask: the walls', () => {
  it('embeds, searches, reads, lists and counts nothing behind a wall', async () => {
    const tv = await env.vault(VAULT);
    env.server.script(
      reply.toolCalls(
        { name: 'list_all_tags', arguments: {} },
        { name: 'explore_vault', arguments: { tag: 'walledtag' } },
        { name: 'explore_vault', arguments: {} },
        { name: 'explore_vault', arguments: { folder: 'Projects' } },
        { name: 'search_keyword', arguments: { query: 'solar roof panels' } },
        { name: 'search_semantic', arguments: { query: 'solar roof panels' } },
        { name: 'fetch_note', arguments: { path: 'Reeve/Chats/Chat about solar.md' } },
        { name: 'fetch_note', arguments: { path: '.hidden/note.md' } },
        { name: 'list_notes', arguments: { folder: 'Reeve' } },
      ),
      reply.toolCall('update_selection', { selectedPaths: ['Reeve/Chats/Chat about solar.md', 'Secret/Plan.md', 'Projects/Solar.md'], reasoning: 'x', confidence: 'done' }),
      reply.text('Nothing to change.'),
    );
    const r = await runReeve(['ask', tv.dir, 'solar?', '--agents', 'scout,task', '--exclude', 'Private', '--embed-model', 'scripted-embed', '--dimensions', '64', '--yes', '--json', ...model()]);
    expect(r.stderr).not.toMatch(/add --yes/);
    expect(r.code).toBe(0);
    const embedded = env.server.requests.filter((q) => q.api === 'openai-embeddings');
    expect(embedded.length).toBeGreaterThan(0);
    expect(JSON.stringify(embedded.map((q) => q.body.input))).toContain('We plan panels on the south roof');
    for (const marker of MARKERS) expect(everythingSent()).not.toContain(marker);

    const overview = sentText(env.server.chatRequests()[0]);
    expect(overview).toContain('The vault has 6 notes.');
    expect(overview).not.toContain('.hidden');
    const results = sentText(env.server.chatRequests()[1]);
    // Projects holds three notes and an image: a note count, not a file count.
    expect(results).toContain('- Projects/ (3 notes)');
    expect(results).not.toContain('.hidden/ (');
    expect(results).toContain('The vault has no tags.');
    expect(results).toContain('No notes tagged #walledtag.');
    expect(results).not.toMatch(/and \d+ more/);
    expect(results).toMatch(/"Reeve\/Chats\/Chat about solar\.md" is in an excluded folder/);
    expect(results).toMatch(/"\.hidden\/note\.md" is in an excluded folder/);
    // The walled picks are left out of the selection; the Task read only the note outside.
    const task = sentText(env.server.chatRequests()[2]);
    expect(task).toContain('<note path="Projects/Solar.md"');
    expect(task).toContain('# Notes (1)');
  });

  it('says why the index is empty after --yes, instead of asking for --yes', async () => {
    const tv = await env.vault({ 'Secret/Plan.md': WALLED['Secret/Plan.md'] ?? '', '.obsidian/plugins/reeve/data.json': JSON.stringify({ excludedFolders: ['Secret'] }) });
    env.server.script(reply.toolCall('propose_edits', { summary: 'Nothing here.', edits: [] }));
    const r = await runReeve(['ask', tv.dir, 'solar?', '--embed-model', 'scripted-embed', '--dimensions', '64', '--yes', ...model()]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('note: the semantic index is empty: no note outside the walls had text to embed; Scout searches by keyword.\n');
    expect(env.server.requests.filter((q) => q.api === 'openai-embeddings')).toEqual([]);
  });

  it('refuses --current and --add behind a wall (exit 2, naming the wall) before anything is sent', async () => {
    const tv = await env.vault(VAULT);
    const before = await tv.snapshot();
    const cases: [string[], RegExp][] = [
      [['--current', 'Secret/Plan'], /the current note "Secret\/Plan\.md" is in the excluded folder "Secret"/],
      [['--add', 'Private/Diary.md', '--exclude', 'Private'], /the added note "Private\/Diary\.md" is in the excluded folder "Private"/],
      [['--add', 'Reeve/Chats/Chat about solar.md'], /is in the excluded folder "Reeve\/Chats"/],
      [['--current', '.hidden/note.md'], /is in the hidden folder "\.hidden"/],
    ];
    for (const [flags, message] of cases) {
      const r = await runReeve(['ask', tv.dir, 'summarize it', ...flags, '--embed-model', 'scripted-embed', '--dimensions', '64', '--yes', ...model()]);
      expect(r.stderr).toMatch(message);
      expect(r.code).toBe(2);
    }
    expect(env.server.requests).toEqual([]);
    expect(await tv.snapshot()).toEqual(before);
  });

  it('lets the Task create or open no note behind a wall', async () => {
    const tv = await env.vault(VAULT);
    const before = await tv.snapshot();
    const edits = {
      summary: 'Done.',
      edits: [
        { file: 'Reeve/Chats/New.md', position: 'create', content: 'x' },
        { file: 'Secret/New.md', position: 'create', content: 'x' },
        { file: '.hidden/New.md', position: 'create', content: 'x' },
        { file: 'Reeve/Plans/Organize 2024.md', position: 'open' },
      ],
    };
    env.server.script(reply.toolCall('propose_edits', edits), reply.toolCall('propose_edits', edits));
    const r = await runReeve(['ask', tv.dir, 'make notes', '--current', 'Projects/Solar', '--json', ...model()]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { edits: unknown[]; refused: { file: string; reason: string }[] };
    expect(out.edits).toEqual([]);
    expect(out.refused.map((x) => x.file).sort()).toEqual(['.hidden/New.md', 'Reeve/Chats/New.md', 'Reeve/Plans/Organize 2024.md', 'Secret/New.md']);
    expect(out.refused.find((x) => x.file === 'Reeve/Chats/New.md')?.reason).toContain('excluded folder "Reeve/Chats"');
    expect(out.refused.find((x) => x.file === '.hidden/New.md')?.reason).toContain('hidden');
    expect(await tv.snapshot()).toEqual(before);
  });
});
