// JSON-RPC 2.0 as MCP uses it (https://www.jsonrpc.org/specification; MCP "Base protocol"): one
// incoming message sorted into request, notification or response, or refused with the error the
// specification gives it. Plain data in and out; nothing here knows HTTP or the tools.

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;
/** Implementation-defined server errors (-32000 to -32099): the transport's own refusals. */
export const SERVER_ERROR = -32000;
/** What MCP's reference server answers for a session it does not know. */
export const SESSION_NOT_FOUND = -32001;

export type JsonRpcId = string | number;

export interface JsonRpcRequest {
  readonly kind: 'request';
  readonly id: JsonRpcId;
  readonly method: string;
  readonly params: Readonly<Record<string, unknown>> | undefined;
}

export interface JsonRpcNotification {
  readonly kind: 'notification';
  readonly method: string;
  readonly params: Readonly<Record<string, unknown>> | undefined;
}

/** A client's answer to a server request. Reeve's server sends none, so these are acknowledged and dropped. */
export interface JsonRpcClientResponse {
  readonly kind: 'response';
}

export interface JsonRpcInvalid {
  readonly kind: 'invalid';
  /** The id when one could be read (the error answer carries it), else null. */
  readonly id: JsonRpcId | null;
  readonly message: string;
}

export type JsonRpcIncoming = JsonRpcRequest | JsonRpcNotification | JsonRpcClientResponse | JsonRpcInvalid;

export interface JsonRpcError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

export type JsonRpcReply =
  | { readonly jsonrpc: '2.0'; readonly id: JsonRpcId; readonly result: unknown }
  | { readonly jsonrpc: '2.0'; readonly id: JsonRpcId | null; readonly error: JsonRpcError };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readId(value: unknown): JsonRpcId | null | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return value === undefined ? undefined : null;
}

/** Sorts one parsed JSON value. MCP forbids a null id on requests, and takes params only as an object. */
export function classifyMessage(value: unknown): JsonRpcIncoming {
  if (!isRecord(value)) return { kind: 'invalid', id: null, message: 'a JSON-RPC message must be an object' };
  const id = readId(value.id);
  if (value.jsonrpc !== '2.0') return { kind: 'invalid', id: id ?? null, message: 'jsonrpc must be "2.0"' };
  if (value.method === undefined && ('result' in value || 'error' in value) && id !== undefined) return { kind: 'response' };
  if (typeof value.method !== 'string' || value.method === '') return { kind: 'invalid', id: id ?? null, message: 'method must be a non-empty string' };
  if (value.params !== undefined && !isRecord(value.params)) return { kind: 'invalid', id: id ?? null, message: 'params must be an object' };
  const params = value.params;
  if (id === undefined) return 'id' in value ? { kind: 'invalid', id: null, message: 'id must be a string or a number' } : { kind: 'notification', method: value.method, params };
  if (id === null) return { kind: 'invalid', id: null, message: 'id must be a string or a number, not null' };
  return { kind: 'request', id, method: value.method, params };
}

export function replyResult(id: JsonRpcId, result: unknown): JsonRpcReply {
  return { jsonrpc: '2.0', id, result };
}

export function replyError(id: JsonRpcId | null, code: number, message: string): JsonRpcReply {
  return { jsonrpc: '2.0', id, error: { code, message } };
}
