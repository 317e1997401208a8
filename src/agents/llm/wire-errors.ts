// What Reeve's own HTTP clients for the provider APIs (openai-wire.ts, anthropic-wire.ts) throw,
// before classify-api-error.ts turns it into an LlmError. The shapes follow the official SDKs'
// errors (an HTTP status with the response's headers and the provider's message; a connection
// that failed; no response within the timeout; the caller's abort), which the SDKs were used for
// until their quarter of main.js was replaced by these few hundred lines.

/** The server answered with an error: a non-2xx status, or an error event inside a stream (no status). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number | undefined,
    readonly headers: Headers | undefined,
    /** The provider's own message (`error.message` of the body), else the body as text. */
    readonly providerMessage: string,
  ) {
    super(status === undefined ? providerMessage : providerMessage === '' ? `${status} status code (no body)` : `${status} ${providerMessage}`);
  }

  /** The error a response with a failure status carries. */
  static async fromResponse(response: Response): Promise<ApiError> {
    const text = await response.text().catch((e: unknown) => (e instanceof Error ? e.message : String(e)));
    return new ApiError(response.status, response.headers, messageOfBody(parseJson(text) ?? text));
  }
}

/** The request never got a response (refused, reset, DNS). */
export class ApiConnectionError extends Error {
  override readonly name = 'ApiConnectionError';
  constructor(cause: unknown) {
    super('Connection error.', { cause });
  }
}

/** No response headers within the provider's timeout. */
export class ApiTimeoutError extends Error {
  override readonly name = 'ApiTimeoutError';
  constructor() {
    super('Request timed out.');
  }
}

/** The caller cancelled. */
export class ApiAbortError extends Error {
  override readonly name = 'ApiAbortError';
  constructor() {
    super('Request was aborted.');
  }
}

/** The provider's message in an error body: OpenAI `{error: {message}}`, Anthropic `{type: 'error', error: {message}}`, or a bare `{message}`. */
export function messageOfBody(body: unknown): string {
  if (typeof body === 'string') return body;
  if (typeof body !== 'object' || body === null) return body === undefined ? '' : JSON.stringify(body);
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error === 'object' && error !== null) {
    const inner = (error as { message?: unknown }).message;
    if (typeof inner === 'string') return inner;
  }
  if (typeof error === 'string') return error;
  if (typeof message === 'string') return message;
  return JSON.stringify(body);
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
