// A scripted turn as an OpenAI chat completion: a JSON body, or the SSE chunks of a stream.

import { argumentsText, pieces, type ScriptedTurn, type TurnUsage } from './scripted-replies';

export interface RenderContext {
  id: string;
  model: string;
  usage: TurnUsage;
  includeUsage: boolean;
}

function finishReason(turn: ScriptedTurn): string {
  return turn.finish ?? ((turn.toolCalls ?? []).length > 0 ? 'tool_calls' : 'stop');
}

function usageJson(u: TurnUsage): Record<string, unknown> {
  return { prompt_tokens: u.input, completion_tokens: u.output, total_tokens: u.input + u.output, prompt_tokens_details: { cached_tokens: u.cached } };
}

function callId(ctx: RenderContext, i: number, id: string | undefined): string {
  return id ?? `call_${ctx.id}_${i}`;
}

export function openAiCompletion(turn: ScriptedTurn, ctx: RenderContext): Record<string, unknown> {
  const calls = turn.toolCalls ?? [];
  const message: Record<string, unknown> = { role: 'assistant', content: turn.text ?? (calls.length > 0 ? null : '') };
  if (turn.reasoning !== undefined) message.reasoning_content = turn.reasoning;
  if (calls.length > 0) {
    message.tool_calls = calls.map((c, i) => ({ id: callId(ctx, i, c.id), type: 'function', function: { name: c.name, arguments: argumentsText(c) } }));
  }
  return {
    id: `chatcmpl-${ctx.id}`,
    object: 'chat.completion',
    created: 1_700_000_000,
    model: ctx.model,
    choices: [{ index: 0, message, finish_reason: finishReason(turn), logprobs: null }],
    usage: usageJson(ctx.usage),
  };
}

/** SSE events; `argumentEvents` marks the indexes of tool-argument pieces (where a cut can fall). */
export function openAiStreamEvents(turn: ScriptedTurn, ctx: RenderContext): { events: string[]; argumentEvents: number[] } {
  const events: string[] = [];
  const argumentEvents: number[] = [];
  const chunk = (delta: Record<string, unknown>, finish: string | null = null): void => {
    const body = { id: `chatcmpl-${ctx.id}`, object: 'chat.completion.chunk', created: 1_700_000_000, model: ctx.model, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] };
    events.push(`data: ${JSON.stringify(body)}\n\n`);
  };
  chunk({ role: 'assistant', content: '' });
  for (const p of pieces(turn.reasoning ?? '')) chunk({ reasoning_content: p });
  for (const p of pieces(turn.text ?? '')) chunk({ content: p });
  (turn.toolCalls ?? []).forEach((c, i) => {
    chunk({ tool_calls: [{ index: i, id: callId(ctx, i, c.id), type: 'function', function: { name: c.name, arguments: '' } }] });
    for (const p of pieces(argumentsText(c), 8)) {
      argumentEvents.push(events.length);
      chunk({ tool_calls: [{ index: i, function: { arguments: p } }] });
    }
  });
  chunk({}, finishReason(turn));
  if (ctx.includeUsage) {
    events.push(`data: ${JSON.stringify({ id: `chatcmpl-${ctx.id}`, object: 'chat.completion.chunk', created: 1_700_000_000, model: ctx.model, choices: [], usage: usageJson(ctx.usage) })}\n\n`);
  }
  events.push('data: [DONE]\n\n');
  return { events, argumentEvents };
}

export function openAiError(status: number, message: string): Record<string, unknown> {
  return { error: { message, type: status === 429 ? 'rate_limit_exceeded' : 'scripted_error', param: null, code: null } };
}
