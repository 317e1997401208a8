// A tool's arguments are described once, as a valibot schema: the provider gets its JSON schema,
// and the same schema validates what the model sends before anything runs.
// Why valibot and not zod: its functions are imported one by one and tree-shake, so the plugin
// bundle (loaded on mobile too) pays a few KB instead of zod's ~60 KB,
// and its JSON schema (valibot-json-schema.ts, what the official converter writes) gives the provider
// exactly the schema that validates.

import * as v from 'valibot';
import type { JsonSchemaObject } from '../llm/chat-types';
import { valibotJsonSchema } from './valibot-json-schema';

export type ArgumentsSchema = v.GenericSchema;

/** The JSON schema providers receive. The root must be an object (both APIs require it). */
export function argumentsJsonSchema(toolName: string, schema: ArgumentsSchema): JsonSchemaObject {
  // `input`: the model writes what the schema accepts, before any transformation; checks with no
  // JSON-schema form are still enforced locally.
  const json = valibotJsonSchema(schema);
  if (json.type !== 'object') throw new Error(`Tool "${toolName}": the arguments schema must be an object schema, found ${JSON.stringify(json.type ?? 'none')}`);
  return json;
}

export type ArgumentsCheck = { ok: true; value: unknown } | { ok: false; problems: string[] };

/** Parses and validates raw arguments text; problems name the argument path and what was expected. */
export function checkArguments(schema: ArgumentsSchema, raw: string): ArgumentsCheck {
  let value: unknown;
  try {
    value = raw.trim() === '' ? {} : JSON.parse(raw);
  } catch (error) {
    return { ok: false, problems: [`the arguments are not valid JSON (${echo(error instanceof Error ? error.message : String(error))})`] };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problems: [`the arguments must be one JSON object, found ${Array.isArray(value) ? 'a list' : value === null ? 'null' : typeof value}`] };
  }
  const result = v.safeParse(schema, value);
  if (result.success) return { ok: true, value: result.output };
  // One problem per argument is enough to correct it (a list of 10,000 bad items is not).
  const problems = result.issues.slice(0, 10).map(describeIssue);
  if (result.issues.length > 10) problems.push(`… and ${result.issues.length - 10} more problems`);
  return { ok: false, problems };
}

/** Characters of an argument's path or of a problem's message kept: a message can quote the value it received (5 MB, say). */
const ECHO_CHARS = 200;

function echo(text: string): string {
  return text.length > ECHO_CHARS ? `${text.slice(0, ECHO_CHARS)}… (cut)` : text;
}

function describeIssue(issue: v.BaseIssue<unknown>): string {
  const path = echo(v.getDotPath(issue) ?? '(arguments)');
  if (issue.type === 'object' && issue.received === 'undefined' && issue.message.startsWith('Invalid key')) return `${path}: required but missing`;
  return `${path}: ${echo(issue.message)}`;
}
