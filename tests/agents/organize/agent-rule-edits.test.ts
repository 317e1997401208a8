// The organize agent and rules that set tags and properties: offered (tool schema and prompt) only
// when the user enabled them; without that, a rule with them is sent back with the reason and none
// of its edits reach the plan; with it, the edits are planned after the moves, for the files the
// agent was asked about only, and held to the same policy.
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/agents/loop/agent-events';
import { createOrganizeAgent } from '../../../src/agents/organize/agent';
import { organizeFolder } from '../../../src/agents/organize/organize-run';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';
import { reply } from '../../llm-server';
import { clientFor } from '../llm/client-fixtures';
import { agentTestEnv, toolResults } from './agent-fixtures';

const env = agentTestEnv();

const RULE = { name: 'Recipes', if: 'file.name.contains("recipe")', thenMoveTo: 'Recipes', thenAddTags: ['recipe'], thenSetProperties: { kind: 'food' } };

async function organize(agentRuleEdits: boolean) {
  const tv = await env.vault();
  const events: AgentEvent[] = [];
  const outcome = await organizeFolder(await NodeVault.open(tv.dir), {
    folder: 'Inbox',
    sources: new Set(['agent']),
    agentRuleEdits,
    agent: createOrganizeAgent({ client: clientFor(env.server, { kind: 'openai', streaming: false }), onEvent: (e) => events.push(e) }),
    planFolder: 'Reeve/Plans',
    planId: 'jedit',
  });
  const first = env.server.chatRequests()[0]?.body;
  return { events, outcome, first: JSON.stringify(first ?? {}) };
}

describe('organize agent and rules that set tags and properties', () => {
  it('are not offered unless enabled, and a rule using them is sent back with the reason', async () => {
    env.server.script(
      reply.toolCall('apply_organization_rules', { mode: 'replace', rules: [RULE] }),
      reply.toolCall('apply_organization_rules', { mode: 'replace', rules: [{ name: 'Recipes', if: RULE.if, thenMoveTo: 'Recipes' }] }),
      reply.toolCall('commit_plan', { description: 'recipes together', confirm: true }),
    );
    const { events, outcome, first } = await organize(false);
    expect(first).not.toContain('thenAddTags');
    const results = toolResults(events);
    expect(results[0]?.status).toBe('failed');
    expect(results[0]?.content).toContain('rule 1 ("Recipes"): "thenAddTags", "thenSetProperties" is not enabled');
    expect(outcome.plan.operations.map((op) => op.type).sort()).toEqual(['create_folder', 'move', 'move']);
  });

  it('when enabled, plans the edits after the moves, for the files the agent was asked about', async () => {
    env.server.script(reply.toolCall('apply_organization_rules', { mode: 'replace', rules: [RULE] }), reply.toolCall('commit_plan', { description: 'recipes, tagged', confirm: true }));
    const { events, outcome, first } = await organize(true);
    expect(first).toContain('thenAddTags');
    expect(first).toContain('Rules may also set tags and properties');
    expect(toolResults(events)[0]?.status).toBe('ok');
    const shown = outcome.plan.operations.map((op) => [op.type, 'source' in op ? op.source : op.path, op.rule]);
    expect(shown).toEqual([
      ['create_folder', 'Inbox/Recipes', 'agent: Recipes'],
      ['move', 'Inbox/bread recipe.md', 'agent: Recipes'],
      ['move', 'Inbox/pasta recipe.md', 'agent: Recipes'],
      ['add_tags', 'Inbox/bread recipe.md', 'agent: Recipes'],
      ['set_properties', 'Inbox/bread recipe.md', 'agent: Recipes'],
      ['add_tags', 'Inbox/pasta recipe.md', 'agent: Recipes'],
      ['set_properties', 'Inbox/pasta recipe.md', 'agent: Recipes'],
    ]);
    expect(outcome.plan.operations.find((op) => op.type === 'add_tags')).toMatchObject({ before: [], after: ['recipe'], risk: 'low' });
  });
});
