// Turns what the wire clients throw (wire-errors.ts), and what the transport or a body read throws
// under them, into LlmErrors with a kind the retry policy and the UI understand.

import { LlmError } from './llm-error';
import { retryAfterFromHeaders } from './retry-policy';
import { ApiAbortError, ApiConnectionError, ApiError, ApiTimeoutError } from './wire-errors';
import { formatDuration } from './watchdog';

export interface ErrorContext {
  /** Where requests went, for connection errors. */
  baseUrl: string;
  timeoutMs: number;
  nowMs: number;
}

export function classifyApiError(error: unknown, ctx: ErrorContext): LlmError {
  if (error instanceof LlmError) return error;
  if (error instanceof ApiAbortError || (error instanceof Error && error.name === 'AbortError')) {
    return new LlmError('aborted', 'The request was cancelled.');
  }
  if (error instanceof ApiTimeoutError) return new LlmError('timeout', `No response within ${formatDuration(ctx.timeoutMs)}.`);
  if (error instanceof ApiConnectionError) {
    const cause = error.cause instanceof Error ? `: ${causeMessage(error.cause)}` : '';
    return new LlmError('connection', `Could not reach ${ctx.baseUrl}${cause}.`);
  }
  if (error instanceof ApiError) return fromStatus(error.status, error.message, retryAfterFromHeaders(error.headers, ctx.nowMs));
  if (error instanceof SyntaxError) {
    return new LlmError('bad_response', `The response was not valid JSON (${error.message}).`);
  }
  if (error instanceof Error) return new LlmError('connection', `The connection failed: ${causeMessage(error)}.`);
  return new LlmError('bad_response', `Unexpected failure: ${String(error)}`);
}

function fromStatus(status: number | undefined, message: string, retryAfterMs: number | undefined): LlmError {
  const details = { status, retryAfterMs };
  if (status === undefined) return new LlmError('server', `The provider reported an error: ${message}`, { retryable: false });
  if (status === 401 || status === 403) return new LlmError('auth', `${message} (check the API key and its access)`, details);
  if (status === 404) return new LlmError('bad_request', `${message} (check the model name and the base URL)`, details);
  if (status === 408) return new LlmError('timeout', message, details);
  if (status === 409) return new LlmError('server', message, { ...details, retryable: true });
  if (status === 429) return new LlmError('rate_limited', message, details);
  if (status >= 500) return new LlmError('server', message, details);
  return new LlmError('bad_request', message, details);
}

function causeMessage(error: Error): string {
  const inner = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${inner}`;
}
