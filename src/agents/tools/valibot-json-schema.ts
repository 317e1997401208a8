// The JSON schema of a tool's valibot arguments schema, as the provider receives it. It writes what
// @valibot/to-json-schema 1.8 writes (draft-07, `typeMode: 'input'`, `errorMode: 'ignore'`; key
// for key and in the same order), for the schema kinds and actions Reeve's tools use: that converter
// is 13 KB of main.js, loaded on phones too, and most of it serves kinds no tool has.
// tests/agents/tools/valibot-json-schema.test.ts holds every tool's schema to the library's, byte
// for byte. A schema kind outside this set throws, naming it, rather than reach the model wrong;
// an action without a JSON-schema form (trim, a custom check) is left out, as the library's ignore
// mode leaves it out, and is still enforced locally.

import type { JsonSchemaObject } from '../llm/chat-types';

/** What this reads of a valibot schema or action: the fields valibot's objects carry. */
interface PipeItem {
  kind: 'schema' | 'validation' | 'transformation' | 'metadata';
  type: string;
  pipe?: PipeItem[];
  // Schemas.
  entries?: Record<string, PipeItem>;
  item?: PipeItem;
  wrapped?: PipeItem;
  options?: unknown[];
  key?: PipeItem;
  value?: PipeItem;
  literal?: unknown;
  default?: unknown;
  // Actions.
  requirement?: unknown;
  description?: string;
  title?: string;
}

type Json = Record<string, unknown>;

/** Transformations that change the input's type: the input schema ends before them. */
const TYPE_CHANGING = new Set(['find_item', 'parse_json', 'raw_transform', 'reduce_items', 'stringify_json', 'to_bigint', 'to_boolean', 'to_date', 'to_number', 'to_string', 'transform']);

const OPTIONAL = new Set(['exact_optional', 'nullish', 'optional']);

/** The draft-07 JSON schema of `schema` (without `$schema`), as the provider is sent it. */
export function valibotJsonSchema(schema: unknown): JsonSchemaObject {
  return convert({}, schema as PipeItem);
}

function flatten(pipe: PipeItem[]): PipeItem[] {
  return pipe.flatMap((item) => (item.pipe ? flatten(item.pipe) : item));
}

function convert(json: Json, schema: PipeItem): Json {
  if (schema.pipe) {
    const pipe = flatten(schema.pipe);
    const stop = pipe.slice(1).findIndex((item) => item.kind === 'schema' || (item.kind === 'transformation' && TYPE_CHANGING.has(item.type)));
    const last = stop === -1 ? pipe.length - 1 : stop;
    for (let i = 0; i <= last; i++) {
      const item = pipe[i] as PipeItem;
      json = item.kind === 'schema' ? convert(json, item) : action(json, item);
    }
    return json;
  }
  switch (schema.type) {
    case 'boolean':
    case 'number':
    case 'string':
    case 'null':
      json.type = schema.type;
      break;
    case 'any':
    case 'unknown':
      break;
    case 'array':
      json.type = 'array';
      json.items = convert({}, schema.item as PipeItem);
      break;
    case 'object':
    case 'loose_object':
    case 'strict_object': {
      json.type = 'object';
      const properties: Json = {};
      const required: string[] = [];
      json.properties = properties;
      json.required = required;
      for (const [key, entry] of Object.entries(schema.entries ?? {})) {
        properties[key] = convert({}, entry);
        if (!OPTIONAL.has(entry.type)) required.push(key);
      }
      if (schema.type === 'strict_object') json.additionalProperties = false;
      break;
    }
    case 'record':
      json.type = 'object';
      json.propertyNames = convert({}, schema.key as PipeItem);
      json.additionalProperties = convert({}, schema.value as PipeItem);
      break;
    case 'nullable':
    case 'nullish':
      json.anyOf = [convert({}, schema.wrapped as PipeItem), { type: 'null' }];
      withDefault(json, schema);
      break;
    case 'optional':
    case 'exact_optional':
    case 'undefinedable':
      json = convert(json, schema.wrapped as PipeItem);
      withDefault(json, schema);
      break;
    case 'literal':
      if (typeof schema.literal === 'boolean' || typeof schema.literal === 'string' || (typeof schema.literal === 'number' && Number.isFinite(schema.literal))) json.const = schema.literal;
      break;
    case 'picklist':
    case 'enum': {
      const options = schema.options ?? [];
      json.enum = options;
      if (options.every((o) => typeof o === 'string')) json.type = 'string';
      else if (options.every((o) => typeof o === 'number')) json.type = 'number';
      else json.type = ['string', 'number'];
      break;
    }
    case 'union':
      json.anyOf = (schema.options as PipeItem[]).map((option) => convert({}, option));
      break;
    default:
      throw new Error(`A tool's arguments schema uses the valibot "${schema.type}" schema, which has no JSON schema here (src/agents/tools/valibot-json-schema.ts)`);
  }
  return json;
}

function withDefault(json: Json, schema: PipeItem): void {
  if (schema.default !== undefined) json.default = typeof schema.default === 'function' ? (schema.default as () => unknown)() : schema.default;
}

/** The stricter of two lower bounds (`current` may be unset). */
function lower(current: unknown, value: number): number {
  return typeof current !== 'number' || !Number.isFinite(current) || value > current ? value : current;
}

function upper(current: unknown, value: number): number {
  return typeof current !== 'number' || !Number.isFinite(current) || value < current ? value : current;
}

function action(json: Json, item: PipeItem): Json {
  const n = item.requirement as number;
  const count = Number.isInteger(n) && n >= 0;
  const array = json.type === 'array';
  const numeric = (json.type === 'number' || json.type === 'integer') && Number.isFinite(n);
  switch (item.type) {
    case 'description':
      json.description = item.description;
      break;
    case 'title':
      json.title = item.title;
      break;
    case 'integer':
      json.type = 'integer';
      break;
    case 'min_length':
      if (count && array) json.minItems = lower(json.minItems, n);
      else if (count) json.minLength = lower(json.minLength, n);
      break;
    case 'max_length':
      if (count && array) json.maxItems = upper(json.maxItems, n);
      else if (count) json.maxLength = upper(json.maxLength, n);
      break;
    case 'length':
      if (count && array) {
        json.minItems = lower(json.minItems, n);
        json.maxItems = upper(json.maxItems, n);
      } else if (count) {
        json.minLength = lower(json.minLength, n);
        json.maxLength = upper(json.maxLength, n);
      }
      break;
    case 'min_value':
      if (numeric) json.minimum = lower(json.minimum, n);
      break;
    case 'max_value':
      if (numeric) json.maximum = upper(json.maximum, n);
      break;
    case 'regex': {
      const re = item.requirement as RegExp;
      if (json.pattern === undefined) json.pattern = re.source;
      break;
    }
    default:
      // No JSON-schema form (trim, check, ...): enforced locally only, as the library's ignore mode does.
      break;
  }
  return json;
}
