// Nothing the organize agent says bypasses the scope policy: moves out of the folder, into the
// config folder, over existing files, `../` paths and plans over the operation limit are refused,
// the model is told why, and none of it reaches the plan. Broken rules go back to it with their
// position, and the corrected rule is what gets used.
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/agents/loop/agent-events';
import { createOrganizeAgent } from '../../../src/agents/organize/agent';
import { organizeFolder } from '../../../src/agents/organize/organize-run';
import type { FileRecord } from '../../../src/vault-vfs/file-record';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import type { VaultEntry } from '../../../src/vault-vfs/vault-port';
import type { TempVault } from '../../helpers/temp-vault';
import { reply } from '../../llm-server';
import { clientFor } from '../llm/client-fixtures';
import { agentTestEnv, toolResults } from './agent-fixtures';

const env = agentTestEnv();

const commit = reply.toolCall('commit_plan', { description: 'as previewed', confirm: true });

async function organize(allowOutside: boolean): Promise<{ events: AgentEvent[]; outcome: Awaited<ReturnType<typeof organizeFolder>>; before: Map<string, string>; tv: TempVault }> {
  const tv = await env.vault();
  const before = await tv.snapshot({ includeConfig: true });
  const events: AgentEvent[] = [];
  const outcome = await organizeFolder(await NodeVault.open(tv.dir), {
    folder: 'Inbox',
    sources: new Set(['agent']),
    allowOutside,
    agent: createOrganizeAgent({ client: clientFor(env.server, { kind: 'openai', streaming: true }), onEvent: (e) => events.push(e) }),
    planFolder: 'Reeve/Plans',
    planId: 'jref',
  });
  return { events, outcome, before, tv };
}

describe('organize agent refusals', () => {
  it('refuses moves out of the folder, over existing files and ../ paths, and says why', async () => {
    env.server.script(
      reply.toolCall('apply_organization_rules', { mode: 'append', rules: [{ name: 'Escape', if: 'file.name == "misc thought"', thenMoveTo: '../Elsewhere' }] }),
      reply.toolCall('apply_organization_rules', {
        mode: 'append',
        rules: [
          { name: 'Out', if: 'file.name.startsWith("out")', thenMoveTo: '/Elsewhere' },
          { name: 'Config', if: 'file.name.startsWith("cfg")', thenMoveTo: '/.obsidian/plugins' },
          { name: 'Clash', if: 'file.name == "clash"', thenRenameTo: 'existing' },
          { name: 'Recipes', if: 'file.name.contains("recipe")', thenMoveTo: 'Recipes' },
        ],
      }),
      reply.toolCall('preview_operations', { group_by: 'operation_type' }),
      commit,
    );
    const { events, outcome, before, tv } = await organize(false);
    const results = toolResults(events);
    expect(results[0]?.status).toBe('failed');
    expect(results[0]?.content).toContain('rule 1 ("Escape"): "thenMoveTo" "../Elsewhere" uses ".."');
    const applied = results[1]?.content ?? '';
    expect(results[1]?.status).toBe('ok');
    expect(applied).toMatch(/Inbox\/out-of-here\.md: rule "Out": .*starts at the vault root, outside Inbox/);
    expect(applied).toMatch(/Inbox\/cfg notes\.md: rule "Config": .*outside Inbox/);
    expect(applied).toContain('Inbox/clash.md: rule "Clash": Inbox/existing.md already exists or another file is planned to go there; the agent may not move over it');
    expect(results[2]?.content).toContain('Refused (3; these never reach the plan)');

    const sources = outcome.plan.operations.flatMap((op) => (op.type === 'move' || op.type === 'rename' ? [op.source] : []));
    expect(sources.sort()).toEqual(['Inbox/bread recipe.md', 'Inbox/pasta recipe.md']);
    const after = await tv?.snapshot({ includeConfig: true });
    for (const [k, v] of before) expect(after?.get(k)).toBe(v);
  });

  it('refuses the config folder even when moves out of the folder are allowed', async () => {
    env.server.script(
      reply.toolCall('apply_organization_rules', {
        mode: 'replace',
        rules: [
          { name: 'Config', if: 'file.name.startsWith("cfg")', thenMoveTo: '/.obsidian/snippets' },
          { name: 'Out', if: 'file.name.startsWith("out")', thenMoveTo: '/Elsewhere' },
        ],
      }),
      commit,
    );
    const { events, outcome } = await organize(true);
    expect(toolResults(events)[0]?.content).toMatch(/Inbox\/cfg notes\.md: rule "Config": .*the config folder \(\.obsidian\) is protected/);
    const moves = outcome.plan.operations.filter((op) => op.type === 'move');
    expect(moves.map((op) => op.type === 'move' && op.destination)).toEqual(['Elsewhere/out-of-here.md']);
  });

  it('sends a compile error back with its position and uses the corrected rule', async () => {
    env.server.script(
      reply.toolCall('apply_organization_rules', { mode: 'replace', rules: [{ name: 'Big PDFs', if: 'file.ext == "pdf" AND file.size > "big"', thenMoveTo: 'Big' }] }),
      reply.toolCall('apply_organization_rules', { mode: 'replace', rules: [{ name: 'Big PDFs', if: 'file.ext == "pdf" AND file.size > 10B', thenMoveTo: 'Big' }] }),
      commit,
    );
    const { events, outcome } = await organize(false);
    const results = toolResults(events);
    expect(results[0]?.status).toBe('failed');
    expect(results[0]?.content).toMatch(/rule 1 \("Big PDFs"\): "if": .*file\.size.* at 1:\d+/);
    expect(results[0]?.content).toContain('Current rules: (none)');
    expect(results[1]?.content).toContain('"Big PDFs" claimed 2 files');
    expect(outcome.plan.operations.filter((op) => op.type === 'move').map((op) => op.rule)).toEqual(['agent: Big PDFs', 'agent: Big PDFs']);
  });

  it('cancels through its AbortSignal with nothing written', async () => {
    env.server.script(reply.turn({ toolCalls: [{ name: 'commit_plan', arguments: { description: 'x', confirm: true } }] }, { delayMs: 3000 }));
    const tv = await env.vault();
    const before = await tv.snapshot({ includeConfig: true });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const run = organizeFolder(await NodeVault.open(tv.dir), {
      folder: 'Inbox',
      sources: new Set(['agent']),
      agent: createOrganizeAgent({ client: clientFor(env.server, { kind: 'anthropic', streaming: true }) }),
      signal: controller.signal,
      planFolder: 'Reeve/Plans',
      planId: 'jcancel',
    });
    await expect(run).rejects.toThrow('organize was cancelled; nothing was written');
    expect(await tv.snapshot({ includeConfig: true })).toEqual(before);
  });
});

function record(path: string): FileRecord {
  const name = path.slice(path.lastIndexOf('/') + 1, -3);
  return { path, name, ext: 'md', folder: 'Inbox', size: 10, ctime: 0, mtime: 0, mimeType: 'text/markdown', isHidden: false, tags: [], links: [], backlinks: [], frontmatter: null };
}

describe('organize agent and the operation limit', () => {
  it('refuses a rule set that would plan 10,000 operations; the plan gets none of them', async () => {
    const undecided = Array.from({ length: 10_000 }, (_, i) => record(`Inbox/note ${String(i).padStart(5, '0')}.md`));
    const entries: VaultEntry[] = [{ kind: 'folder', path: 'Inbox' }, ...undecided.map((r): VaultEntry => ({ kind: 'file', path: r.path, stat: { size: 10, ctime: 0, mtime: 0 } }))];
    env.server.script(
      reply.toolCall('apply_organization_rules', { mode: 'replace', rules: [{ name: 'All notes', if: 'file.ext == "md"', thenMoveTo: 'Notes' }] }),
      reply.toolCall('preview_operations', { group_by: 'operation_type', include_unchanged: true }),
      reply.toolCall('preview_operations', { group_by: 'operation_type', include_unchanged: true }),
      commit,
    );
    const events: AgentEvent[] = [];
    const agent = createOrganizeAgent({ client: clientFor(env.server, { kind: 'openai', streaming: false }), onEvent: (e) => events.push(e) });
    const answer = await agent({ folder: 'Inbox', undecided, entries, planned: [], configDir: '.obsidian', planLimit: 5000 });
    const results = toolResults(events);
    expect(results[0]?.status).toBe('failed');
    expect(results[0]?.content).toContain('these rules would add 10001 operations, but the plan may hold 5000');
    // Undecided files come back 50 at a time, a new batch per preview.
    expect(results[1]?.content).toContain('Files no rule matched, batch 1 of 200');
    expect(results[1]?.content.match(/^- Inbox\/note/gmu)).toHaveLength(50);
    expect(results[2]?.content).toContain('- Inbox/note 00050.md');
    expect(answer.operations).toEqual([]);
    // Every request stays small though the folder is large.
    for (const r of env.server.chatRequests()) expect(r.rawBody.length).toBeLessThan(20_000);
  });
});
