// The organize agent's full tool loop against the scripted LLM server, through the real SDKs:
// it looks, writes rules, previews, commits, and the plan note credits its rules.
import { describe, expect, it } from 'vitest';
import { createOrganizeAgent } from '../../../src/agents/organize/agent';
import type { AgentEvent } from '../../../src/agents/loop/agent-events';
import { organizeFolder } from '../../../src/agents/organize/organize-run';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import { reply } from '../../llm-server';
import { clientFor, type ClientSetup } from '../llm/client-fixtures';
import { agentTestEnv, hermes, toolResults } from './agent-fixtures';

const env = agentTestEnv();

const RULES = [
  { name: 'Recipes', if: 'file.name.contains("recipe")', thenMoveTo: 'Recipes' },
  { name: 'Invoices', if: 'file.ext == "pdf" AND file.name.startsWith("invoice")', thenMoveTo: 'Documents/Invoices/{year}' },
];
const STEPS: [string, unknown][] = [
  ['query_semantic_index', { query: 'recipe', filter_ext: 'md' }],
  ['apply_organization_rules', { rules: RULES, mode: 'replace' }],
  ['preview_operations', { group_by: 'destination_folder', include_unchanged: true }],
  ['commit_plan', { description: 'Recipes together, invoices by year.', confirm: true }],
];

const SETUPS: (ClientSetup & { label: string })[] = [
  { label: 'openai streaming', kind: 'openai', streaming: true },
  { label: 'anthropic streaming', kind: 'anthropic', streaming: true },
  { label: 'anthropic whole', kind: 'anthropic', streaming: false },
  { label: 'local model, hermes text tool calls', kind: 'openai-compatible', streaming: true, toolFormat: 'hermes' },
];

describe.each(SETUPS)('organize agent, $label', (setup) => {
  it('queries, writes rules, previews, commits; the plan note credits its rules', async () => {
    const tv = await env.vault();
    const before = await tv.snapshot();
    if (setup.toolFormat === 'hermes') env.server.script(...STEPS.map(([name, args]) => reply.text(`Next step.\n${hermes(name, args)}`)));
    else env.server.script(...STEPS.map(([name, args]) => reply.toolCall(name, args)));
    const events: AgentEvent[] = [];
    const vault = await NodeVault.open(tv.dir);
    const outcome = await organizeFolder(vault, {
      folder: 'Inbox',
      sources: new Set(['agent']),
      agent: createOrganizeAgent({ client: clientFor(env.server, setup), onEvent: (e) => events.push(e) }),
      planFolder: 'Reeve/Plans',
      planId: 'jtest',
    });

    const results = toolResults(events);
    expect(results.map((r) => [r.name, r.status])).toEqual(STEPS.map(([name]) => [name, 'ok']));
    expect(results[0]?.content).toContain('index: keyword');
    expect(results[0]?.content).toContain('Inbox/pasta recipe.md');
    expect(results[0]?.content).not.toContain('.pdf');
    expect(results[1]?.content).toContain('"Recipes" claimed 2 files');
    expect(results[1]?.content).toContain('"Invoices" claimed 2 files');
    expect(results[2]?.content).toMatch(/Inbox\/Documents\/Invoices\/\d{4} \(2; agent: Invoices\)/);
    expect(results[2]?.content).toContain('Files no rule matched, batch 1 of 1');
    expect(results[2]?.content).toContain('- Inbox/misc thought.md');

    const moves = outcome.plan.operations.filter((op) => op.type === 'move');
    expect(moves.map((op) => [op.source, op.rule]).sort()).toEqual([
      ['Inbox/bread recipe.md', 'agent: Recipes'],
      ['Inbox/invoice-2024-001.pdf', 'agent: Invoices'],
      ['Inbox/invoice-2024-002.pdf', 'agent: Invoices'],
      ['Inbox/pasta recipe.md', 'agent: Recipes'],
    ]);
    expect(outcome.plan.description).toContain('the organize agent placed 4 files with 2 rules ("Recipes", "Invoices")');
    expect(outcome.note).not.toBeNull();
    const note = await tv.read(outcome.note ?? '');
    expect(note).toContain('- agent: Recipes: 2 files');
    expect(note).toContain('"rule":"agent: Invoices"');
    expect(note.match(/```ai-op\n/g)).toHaveLength(outcome.plan.operations.length);
    // Planning wrote the plan note and nothing else.
    const after = await tv.snapshot();
    expect([...after.keys()].filter((k) => !before.has(k) && !k.startsWith('Reeve'))).toEqual([]);
    for (const [k, v] of before) expect(after.get(k)).toBe(v);

    const requests = env.server.chatRequests();
    expect(requests).toHaveLength(4);
    // The listing went in the first call only; later calls carry its summary.
    expect(requests[0]?.rawBody).toContain('undecided files in Inbox; by extension');
    expect(requests[3]?.rawBody).not.toContain('by extension');
    if (setup.toolFormat === 'hermes') expect(requests.every((r) => r.body.tools === undefined)).toBe(true);
  });
});
