// "Does my model call tools?": one tiny request that needs one tool call, sent in native mode and
// then in each text format, to say which works, how fast, and what to set. The request is made up
// here (adding two numbers); nothing from a vault is sent. Used by `reeve models check`.

import type { ChatRequest, ToolCall } from './chat-types';
import type { Clock } from './clock';
import { createLlmClient, type CreateLlmClientOptions } from './create-client';
import { LlmError } from './llm-error';
import type { ToolFormat } from './model-profile';

export interface ModelCheckAttempt {
  format: ToolFormat;
  streaming: boolean;
  works: boolean;
  ms: number;
  /** What happened, in a few words ("called add_numbers(a=17, b=25)", "answered without a tool call: …"). */
  detail: string;
}

export interface ModelCheckReport {
  attempts: ModelCheckAttempt[];
  /** The first setting that worked, or null. */
  recommended: { format: ToolFormat; streaming: boolean } | null;
}

const TOOL = {
  name: 'add_numbers',
  description: 'Adds two numbers and returns their sum.',
  parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
};

export const CHECK_REQUEST: ChatRequest = {
  messages: [
    { role: 'system', content: 'You are checking that tool calls work. Answer by calling the tool; do not work the sum out yourself.' },
    { role: 'user', content: 'What is 17 plus 25? Use the add_numbers tool.' },
  ],
  tools: [TOOL],
  // Room for a reasoning model to think before it calls.
  maxTokens: 2048,
};

const TEXT_FORMATS: readonly ToolFormat[] = ['hermes', 'json'];

export async function checkModel(options: CreateLlmClientOptions & { clock: Clock }): Promise<ModelCheckReport> {
  const attempts: ModelCheckAttempt[] = [];
  const attempt = async (format: ToolFormat, streaming: boolean): Promise<ModelCheckAttempt> => {
    const client = createLlmClient({ ...options, profile: { ...options.profile, toolFormat: format, streaming }, retryPolicy: { maxRetries: 0 } });
    const started = options.clock.now();
    let result: Omit<ModelCheckAttempt, 'ms'>;
    try {
      const reply = await client.complete(CHECK_REQUEST);
      result = { format, streaming, ...judge(reply.toolCalls, reply.text) };
    } catch (e) {
      result = { format, streaming, works: false, detail: e instanceof LlmError ? `${e.kind}: ${e.message}` : String(e) };
    }
    const done = { ...result, ms: options.clock.now() - started };
    attempts.push(done);
    return done;
  };
  const native = await attempt('native', true);
  // A server that streams badly may still call tools when asked for the whole reply at once.
  if (!native.works && native.detail.startsWith('stream_cut')) await attempt('native', false);
  for (const format of TEXT_FORMATS) await attempt(format, true);
  const best = attempts.find((a) => a.works);
  return { attempts, recommended: best === undefined ? null : { format: best.format, streaming: best.streaming } };
}

function judge(calls: readonly ToolCall[], text: string): { works: boolean; detail: string } {
  const call = calls[0];
  if (call === undefined) {
    const said = text.trim().replace(/\s+/g, ' ');
    return { works: false, detail: said === '' ? 'answered with nothing' : `answered without a tool call: "${said.length > 80 ? `${said.slice(0, 80)}…` : said}"` };
  }
  if (call.name !== TOOL.name) return { works: false, detail: call.name === '' ? `wrote a tool call that could not be read: ${call.arguments.slice(0, 80)}` : `called a tool that does not exist: ${call.name}` };
  let args: unknown;
  try {
    args = JSON.parse(call.arguments) as unknown;
  } catch {
    return { works: false, detail: `called add_numbers with arguments that are not JSON: ${call.arguments.slice(0, 80)}` };
  }
  const { a, b } = typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
  if (Number(a) + Number(b) !== 42) return { works: false, detail: `called add_numbers with unexpected arguments: ${call.arguments.slice(0, 80)}` };
  return { works: true, detail: `called add_numbers(a=${String(a)}, b=${String(b)})` };
}

/** What to tell the user to set, in one sentence. */
export function recommendation(report: ModelCheckReport): string {
  const r = report.recommended;
  if (r === null) return 'No tool-call format worked: this model does not call tools reliably; choose another model for agents.';
  const streaming = r.streaming ? '' : ', and turn Streaming off';
  if (r.format === 'native') return `Native tool calls work: set Tool format to Native (--tool-format native)${streaming}.`;
  const name = r.format === 'hermes' ? 'Hermes' : 'JSON';
  return `The model calls tools in ${name} text, not natively: set Tool format to ${name} (--tool-format ${r.format})${streaming}.`;
}
