// Turns what the SDKs throw into LlmErrors with a kind the retry policy and the UI understand.
// Both SDKs (Stainless-generated) share the same error hierarchy, passed in as classes so this
// file imports neither.

import { LlmError } from './llm-error';
import { retryAfterFromHeaders } from './retry-policy';
import { formatDuration } from './watchdog';

type ErrorClass = abstract new (...args: never[]) => Error;

export interface SdkErrorClasses {
  APIError: ErrorClass;
  APIConnectionError: ErrorClass;
  APIConnectionTimeoutError: ErrorClass;
  APIUserAbortError: ErrorClass;
}

export interface ErrorContext {
  /** Where requests went, for connection errors. */
  baseUrl: string;
  timeoutMs: number;
  nowMs: number;
}

export function classifySdkError(error: unknown, classes: SdkErrorClasses, ctx: ErrorContext): LlmError {
  if (error instanceof LlmError) return error;
  if (error instanceof classes.APIUserAbortError || (error instanceof Error && error.name === 'AbortError')) {
    return new LlmError('aborted', 'The request was cancelled.');
  }
  if (error instanceof classes.APIConnectionTimeoutError) {
    return new LlmError('timeout', `No response within ${formatDuration(ctx.timeoutMs)}.`);
  }
  if (error instanceof classes.APIConnectionError) {
    const cause = error.cause instanceof Error ? `: ${causeMessage(error.cause)}` : '';
    return new LlmError('connection', `Could not reach ${ctx.baseUrl}${cause}.`);
  }
  if (error instanceof classes.APIError) {
    const { status, headers } = error as Error & { status?: number; headers?: Headers };
    return fromStatus(status, error.message, retryAfterFromHeaders(headers, ctx.nowMs));
  }
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
