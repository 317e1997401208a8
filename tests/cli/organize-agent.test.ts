// `reeve organize --sources agent` with the provider flags, against the scripted LLM server over
// real HTTP (Node's fetch), on a temp copy of a small vault; and the flags' usage errors.
import { describe, expect, it, vi } from 'vitest';
import { runReeve } from '../helpers/cli';
import { reply } from '../llm-server';
import { agentTestEnv } from '../agents/organize/agent-fixtures';

const env = agentTestEnv();

const local = (): string[] => ['--provider', 'openai-compatible', '--base-url', env.server.openaiBaseUrl, '--model', 'qwen-scripted'];
// The plan note and Reeve's own state (its proposal ledger) are the only writes planning makes.
const notReeve = (snap: Map<string, string>): Map<string, string> =>
  new Map([...snap].filter(([k]) => !k.startsWith('Reeve') && !k.startsWith('.obsidian/plugins/reeve') && k !== '.obsidian/' && k !== '.obsidian/plugins/'));

describe('reeve organize --sources agent', () => {
  it('plans with the agent over HTTP and writes only the plan note', async () => {
    const tv = await env.vault();
    const before = notReeve(await tv.snapshot({ includeConfig: true }));
    env.server.script(
      reply.toolCall('apply_organization_rules', { mode: 'replace', rules: [{ name: 'Recipes', if: 'file.name.contains("recipe")', thenMoveTo: 'Recipes' }] }),
      reply.toolCall('commit_plan', { description: 'Recipes together.', confirm: true }),
    );
    const r = await runReeve(['organize', tv.dir, '--folder', 'Inbox', '--sources', 'agent', ...local(), '--json'], { REEVE_API_KEY: undefined });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const plan = JSON.parse(r.stdout) as { operations: { type: string; source: string | null; rule: string }[]; note: string };
    expect(plan.operations.filter((o) => o.type === 'move').map((o) => [o.source, o.rule]).sort()).toEqual([
      ['Inbox/bread recipe.md', 'agent: Recipes'],
      ['Inbox/pasta recipe.md', 'agent: Recipes'],
    ]);
    expect(await tv.read(plan.note)).toContain('- agent: Recipes: 2 files');
    expect(notReeve(await tv.snapshot({ includeConfig: true }))).toEqual(before);
    expect(env.server.chatRequests()).toHaveLength(2);
    expect(env.server.chatRequests()[0]?.body.model).toBe('qwen-scripted');
  });

  it('runs heuristics and the agent by default when a provider is given; the agent is asked only what the heuristics left', async () => {
    const tv = await env.vault();
    // The seven notes with no signal are asked about (the invoices are placed by type); the model
    // files the two recipes and leaves the rest.
    env.server.respondWith((req) => {
      const text = JSON.stringify(req.body.messages);
      const ids = [...text.matchAll(/(\d+)\. file Inbox\/(.+?\.md)/gu)].map((m) => [Number(m[1]), m[2] ?? ''] as const);
      return reply.text(JSON.stringify({ placements: ids.map(([id, name]) => ({ id, to: name.includes('recipe') ? 'Inbox/Recipes' : 'stay' })) }));
    });
    const r = await runReeve(['organize', tv.dir, '--folder', 'Inbox', ...local(), '--tool-format', 'hermes', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const plan = JSON.parse(r.stdout) as { description: string; operations: { type: string; source: string | null; destination: string | null; rule: string }[] };
    expect(plan.operations.filter((o) => o.type === 'move' && o.rule === 'attachment type')).toHaveLength(2);
    expect(plan.operations.filter((o) => o.type === 'move' && o.rule === 'agent: ambiguous file').map((o) => o.destination).sort()).toEqual(['Inbox/Recipes/bread recipe.md', 'Inbox/Recipes/pasta recipe.md']);
    expect(plan.description).toContain('the organize agent decided 7 of 7 ambiguous files and folders in 1 request of at most 50 items; 2 moves');
    expect(env.server.chatRequests()).toHaveLength(1);
    expect(env.server.chatRequests()[0]?.body.tools).toBeUndefined();
  });

  it('fails with exit 1 and one line when the provider refuses, writing nothing', async () => {
    const tv = await env.vault();
    const before = await tv.snapshot({ includeConfig: true });
    env.server.script(reply.error(401, 'invalid key'));
    const r = await runReeve(['organize', tv.dir, '--folder', 'Inbox', '--sources', 'agent', ...local()]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^error: the organize agent failed: /);
    expect(await tv.snapshot({ includeConfig: true })).toEqual(before);
  });

  it('Ctrl-C while the model is thinking cancels: exit 1, one line, nothing written', async () => {
    const tv = await env.vault();
    const before = await tv.snapshot({ includeConfig: true });
    env.server.script(reply.turn({ text: 'thinking slowly' }, { delayMs: 20_000 }));
    const run = runReeve(['organize', tv.dir, '--folder', 'Inbox', '--sources', 'agent', ...local()]);
    await vi.waitFor(() => expect(env.server.chatRequests()).toHaveLength(1), { timeout: 10_000 });
    process.emit('SIGINT');
    const r = await run;
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/cancelled; nothing was written/);
    expect(await tv.snapshot({ includeConfig: true })).toEqual(before);
    expect(process.listenerCount('SIGINT')).toBe(0);
  });

  it('refuses bad provider flags with exit 2', async () => {
    const tv = await env.vault();
    const run = (...args: string[]): ReturnType<typeof runReeve> => runReeve(['organize', tv?.dir ?? '', ...args], {});
    expect((await run('--sources', 'agent')).stderr).toContain('--sources includes agent but no --provider was given');
    expect((await run('--provider', 'openai')).stderr).toContain('needs an API key in the environment variable OPENAI_API_KEY');
    expect((await run('--provider', 'openai-compatible', '--model', 'm')).stderr).toContain('needs --base-url');
    expect((await run('--provider', 'mistral')).stderr).toContain('unknown provider "mistral"');
    expect((await run('--model', 'm')).stderr).toContain('--model needs --provider');
    expect((await run(...local(), '--tool-format', 'xml')).stderr).toContain('unknown tool format "xml"');
    const key = await run('--api-key', 'sk-x');
    expect(key.code).toBe(2);
    expect(key.stderr).toContain('unknown option --api-key');
    expect((await run('--naming', 'prefix-number')).stderr).toContain('--naming prefix-number: use one of');
    expect(env.server.chatRequests()).toHaveLength(0);
  });
});

describe('reeve organize --naming', () => {
  it('renames notes to the chosen convention', async () => {
    const tv = await env.vault({ 'Notes/weekly-review.md': 'a', 'Notes/project-plan.md': 'b', 'Notes/Reading List.md': 'c', 'Notes/photo.png': 'x' });
    const r = await runReeve(['organize', tv.dir, '--folder', 'Notes', '--sources', 'heuristics', '--naming', 'kebab-case', '--json']);
    expect(r.code).toBe(0);
    const plan = JSON.parse(r.stdout) as { operations: { type: string; source: string; destination: string; rule: string }[] };
    expect(plan.operations.filter((o) => o.rule === 'naming: kebab-case').map((o) => [o.type, o.source, o.destination])).toEqual([['rename', 'Notes/Reading List.md', 'Notes/reading-list.md']]);
  });
});
