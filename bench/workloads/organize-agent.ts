// Tokens sent to the model to organize 1,000 files (--quick: 300) with the organize agent (it
// writes rules and reads summaries), against one call per file with the file's name and first
// 500 characters, the way per-file AI organizers work. Both go through the real OpenAI SDK client
// to the scripted LLM server, which counts what it receives (request body characters / 4).
import * as path from 'node:path';
import { createOrganizeAgent } from '../../src/agents/organize/agent';
import { recordsFromVault } from '../../src/dsl/file-records';
import { NodeVault } from '../../src/vault-vfs/node/node-vault';
import { reply, startScriptedLlmServer } from '../../tests/llm-server';
import { clientFor } from '../../tests/agents/llm/client-fixtures';
import { writeCorpus } from '../corpus';
import type { Workload } from '../harness';

const PER_FILE_PROMPT = 'You file notes in an Obsidian vault. Given a file name and the start of its content, reply with JSON {"folder": "<destination folder>"}.';

const workload: Workload = {
  name: 'organize-agent',
  description:
    'Tokens sent to the model (request characters / 4, counted by the scripted server) to organize 1,000 files with the organize agent, ' +
    "against one request per file carrying its name and first 500 characters (the per-file organizers' way). Aim: under a tenth.",
  async run(bench, ctx) {
    const target = ctx.quick ? 300 : 1_000;
    const dir = path.join(ctx.tmp, 'vault');
    await writeCorpus(dir, { notes: Math.round(target / 1.08), seed: 5 });
    const vault = await NodeVault.open(dir);
    const records = await recordsFromVault(vault, '');
    const server = await startScriptedLlmServer();
    try {
      const client = clientFor(server, { kind: 'openai', streaming: true });
      server.script(
        reply.toolCall('query_semantic_index', { query: 'meeting notes', max_results: 20 }),
        reply.toolCall('apply_organization_rules', {
          mode: 'replace',
          rules: [
            { name: 'Images', if: 'file.ext IN ["png", "jpg"]', thenMoveTo: 'Attachments/Images' },
            { name: 'PDFs', if: 'file.ext == "pdf"', thenMoveTo: 'Attachments/PDFs' },
            { name: 'Meetings', if: 'file.tags.contains("meeting")', thenMoveTo: 'Meetings/{year}' },
          ],
        }),
        reply.toolCall('preview_operations', { group_by: 'destination_folder', include_unchanged: true }),
        reply.toolCall('preview_operations', { group_by: 'operation_type', include_unchanged: true }),
        reply.toolCall('commit_plan', { description: 'Attachments by type, meetings by year.', confirm: true }),
      );
      const agent = createOrganizeAgent({ client });
      await agent({ folder: '', undecided: records, entries: await vault.list(), planned: [], configDir: vault.configDir });
      const agentRequests = server.chatRequests();
      const agentTokens = agentRequests.reduce((n, r) => n + r.approxTokens, 0);

      server.reset();
      server.respondWith(() => reply.text('{"folder": "Notes"}'));
      for (const r of records) {
        const start = r.readContent ? (await r.readContent()).slice(0, 500) : '';
        await client.complete({ messages: [{ role: 'system', content: PER_FILE_PROMPT }, { role: 'user', content: `File: ${r.path}\n\n${start}` }], maxTokens: 50 });
      }
      const perFileTokens = server.chatRequests().reduce((n, r) => n + r.approxTokens, 0);
      bench.record({
        case: `tokens sent to organize ${records.length.toLocaleString('en')} files with the organize agent`,
        value: `${agentTokens.toLocaleString('en')} tokens in ${agentRequests.length} requests`,
        baseline: 'one request per file (name + first 500 characters)',
        baselineValue: `${perFileTokens.toLocaleString('en')} tokens in ${records.length.toLocaleString('en')} requests`,
        ratio: `${(agentTokens / perFileTokens).toFixed(3)}x`,
        note: 'request body characters / 4; tool schemas and the capped folder listing included',
      });
    } finally {
      await server.close();
    }
  },
};

export default workload;
