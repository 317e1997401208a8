// A scripted turn as an Anthropic message: a JSON body, or the SSE events of a stream.

import { argumentsText, pieces, type ScriptedTurn, type TurnUsage } from './scripted-replies';
import type { RenderContext } from './render-openai';

const STOP: Record<NonNullable<ScriptedTurn['finish']>, string> = { stop: 'end_turn', tool_calls: 'tool_use', length: 'max_tokens', content_filter: 'refusal' };

function stopReason(turn: ScriptedTurn): string {
  return STOP[turn.finish ?? ((turn.toolCalls ?? []).length > 0 ? 'tool_calls' : 'stop')];
}

function usageJson(u: TurnUsage): Record<string, number> {
  return { input_tokens: u.input - u.cached, output_tokens: u.output, cache_read_input_tokens: u.cached, cache_creation_input_tokens: 0 };
}

function toolId(ctx: RenderContext, i: number, id: string | undefined): string {
  return id ?? `toolu_${ctx.id}_${i}`;
}

function parsedInput(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export function anthropicMessage(turn: ScriptedTurn, ctx: RenderContext): Record<string, unknown> {
  const content: Record<string, unknown>[] = [];
  if (turn.reasoning !== undefined) content.push({ type: 'thinking', thinking: turn.reasoning, signature: `sig-${ctx.id}` });
  if (turn.text !== undefined && turn.text !== '') content.push({ type: 'text', text: turn.text });
  (turn.toolCalls ?? []).forEach((c, i) => content.push({ type: 'tool_use', id: toolId(ctx, i, c.id), name: c.name, input: parsedInput(argumentsText(c)) }));
  return { id: `msg_${ctx.id}`, type: 'message', role: 'assistant', model: ctx.model, content, stop_reason: stopReason(turn), stop_sequence: null, usage: usageJson(ctx.usage) };
}

export function anthropicStreamEvents(turn: ScriptedTurn, ctx: RenderContext): { events: string[]; argumentEvents: number[] } {
  const events: string[] = [];
  const argumentEvents: number[] = [];
  const send = (type: string, data: Record<string, unknown>): void => {
    events.push(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  };
  const start = { ...usageJson(ctx.usage), output_tokens: 1 };
  send('message_start', { message: { id: `msg_${ctx.id}`, type: 'message', role: 'assistant', model: ctx.model, content: [], stop_reason: null, stop_sequence: null, usage: start } });
  send('ping', {});
  let index = 0;
  if (turn.reasoning !== undefined) {
    send('content_block_start', { index, content_block: { type: 'thinking', thinking: '', signature: '' } });
    for (const p of pieces(turn.reasoning)) send('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: p } });
    send('content_block_delta', { index, delta: { type: 'signature_delta', signature: `sig-${ctx.id}` } });
    send('content_block_stop', { index: index++ });
  }
  if (turn.text !== undefined && turn.text !== '') {
    send('content_block_start', { index, content_block: { type: 'text', text: '' } });
    for (const p of pieces(turn.text)) send('content_block_delta', { index, delta: { type: 'text_delta', text: p } });
    send('content_block_stop', { index: index++ });
  }
  (turn.toolCalls ?? []).forEach((c, i) => {
    send('content_block_start', { index, content_block: { type: 'tool_use', id: toolId(ctx, i, c.id), name: c.name, input: {} } });
    for (const p of pieces(argumentsText(c), 8)) {
      argumentEvents.push(events.length);
      send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: p } });
    }
    send('content_block_stop', { index: index++ });
  });
  send('message_delta', { delta: { stop_reason: stopReason(turn), stop_sequence: null }, usage: { output_tokens: ctx.usage.output } });
  send('message_stop', {});
  return { events, argumentEvents };
}

export function anthropicError(status: number, message: string): Record<string, unknown> {
  const type = status === 429 ? 'rate_limit_error' : status === 529 ? 'overloaded_error' : status >= 500 ? 'api_error' : status === 401 ? 'authentication_error' : 'invalid_request_error';
  return { type: 'error', error: { type, message } };
}
