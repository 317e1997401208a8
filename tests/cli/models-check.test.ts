// `reeve models check` against the scripted LLM server over loopback, playing a model in each
// mode: native tool calls, Hermes text only, JSON text only, a server that streams badly, and a
// model that never calls tools. The check sends one made-up request and nothing from a vault.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reply, startScriptedLlmServer, type RecordedRequest, type ScriptedLlmServer } from '../llm-server';
import { runReeve } from '../helpers/cli';

let server: ScriptedLlmServer;
beforeAll(async () => {
  server = await startScriptedLlmServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const HERMES_CALL = '<tool_call>\n{"name": "add_numbers", "arguments": {"a": 17, "b": 25}}\n</tool_call>';
const JSON_CALL = '{"name": "add_numbers", "arguments": {"a": 17, "b": 25}}';

const check = (...extra: string[]) => runReeve(['models', 'check', '--provider', 'openai-compatible', '--base-url', server.openaiBaseUrl, '--model', 'small-local', ...extra]);
const systemOf = (r: RecordedRequest): string => String((r.body.messages as { role: string; content: string }[] | undefined)?.find((m) => m.role === 'system')?.content ?? '');

describe('reeve models check', () => {
  it('says native tool calls work when the model makes them', async () => {
    server.respondWith((r) => (Array.isArray(r.body.tools) ? reply.toolCall('add_numbers', { a: 17, b: 25 }) : reply.text('42')));
    const r = await check();
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^small-local:\n {2}native +works {2}\d+\.\d s {2}called add_numbers\(a=17, b=25\)\n/);
    expect(r.stdout.trim().split('\n').pop()).toBe('Native tool calls work: set Tool format to Native (--tool-format native).');
    const first = server.chatRequests()[0];
    expect(first?.body.tools).toEqual([{ type: 'function', function: expect.objectContaining({ name: 'add_numbers' }) as unknown }]);
  });

  it('says to set Hermes when the model writes Hermes blocks and ignores native tools', async () => {
    server.respondWith(() => reply.text(HERMES_CALL));
    const r = await check('--json');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as { attempts: { format: string; works: boolean; detail: string }[]; recommended: unknown; advice: string };
    expect(report.attempts.map((a) => [a.format, a.works])).toEqual([['native', false], ['hermes', true], ['json', true]]);
    expect(report.attempts[0]?.detail).toMatch(/^answered without a tool call: "<tool_call>/);
    expect(report.recommended).toEqual({ format: 'hermes', streaming: true });
    expect(report.advice).toBe('The model calls tools in Hermes text, not natively: set Tool format to Hermes (--tool-format hermes).');
    const [native, hermes] = server.chatRequests();
    expect(native?.body.tools).toBeDefined();
    expect(hermes?.body.tools).toBeUndefined();
    expect(systemOf(hermes as RecordedRequest)).toContain('<tool_call>');
  });

  it('says to set JSON when only the JSON prompt gets a call', async () => {
    server.respondWith((r) => (systemOf(r).includes('reply with only a JSON object') ? reply.text(JSON_CALL) : reply.text('The sum is 42.')));
    const r = await check();
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('  hermes text           fails');
    expect(r.stdout).toContain('answered without a tool call: "The sum is 42."');
    expect(r.stdout.trim().split('\n').pop()).toBe('The model calls tools in JSON text, not natively: set Tool format to JSON (--tool-format json).');
  });

  it('tries native without streaming when the stream breaks, and says to turn streaming off', async () => {
    server.respondWith((r) => (r.stream ? reply.cutInToolCall('add_numbers', { a: 17, b: 25 }) : reply.toolCall('add_numbers', { a: 17, b: 25 })));
    const r = await check('--json');
    const report = JSON.parse(r.stdout) as { attempts: { format: string; streaming: boolean; works: boolean; detail: string }[]; advice: string };
    expect(report.attempts.slice(0, 2).map((a) => [a.format, a.streaming, a.works])).toEqual([['native', true, false], ['native', false, true]]);
    expect(report.attempts[0]?.detail).toMatch(/^stream_cut: /);
    expect(report.advice).toBe('Native tool calls work: set Tool format to Native (--tool-format native), and turn Streaming off.');
  });

  it('fails with one line when no format works, having sent only its own made-up request', async () => {
    server.respondWith(() => reply.text('42'));
    const r = await check();
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: No tool-call format worked: this model does not call tools reliably; choose another model for agents.\n');
    const users = server.chatRequests().map((q) => (q.body.messages as { role: string; content: string }[]).filter((m) => m.role === 'user').map((m) => m.content));
    expect(users).toEqual([['What is 17 plus 25? Use the add_numbers tool.'], ['What is 17 plus 25? Use the add_numbers tool.'], ['What is 17 plus 25? Use the add_numbers tool.']]);
  });

  it('refuses a missing provider, another subcommand and --tool-format with exit 2', async () => {
    expect((await runReeve(['models', 'check'])).stderr).toMatch(/^error: reeve models check needs --provider/);
    expect((await runReeve(['models', 'list'])).stderr).toMatch(/^error: unknown models command "list"; use check/);
    const r = await check('--tool-format', 'hermes');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: unknown option --tool-format/);
  });
});
