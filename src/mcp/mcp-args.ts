// Reading a tool's arguments: each one typed, bounded and named in the error, so a client that
// sends the wrong thing (or a megabyte where a path goes) gets one line saying which argument and
// what it takes, and nothing runs.
import { McpToolRefusal } from './mcp-tool';

/** Longest path or folder argument, in characters (a vault path is far shorter). */
export const MAX_PATH_CHARS = 1_000;

type Args = Readonly<Record<string, unknown>>;

export function onlyKnown(args: Args, known: readonly string[]): void {
  const extra = Object.keys(args).filter((k) => !known.includes(k));
  if (extra.length > 0) throw new McpToolRefusal(`unknown argument ${extra.map((k) => JSON.stringify(k.slice(0, 60))).join(', ')}; this tool takes ${known.length > 0 ? known.join(', ') : 'no arguments'}`);
}

export function stringArg(args: Args, name: string, max: number, required: true): string;
export function stringArg(args: Args, name: string, max: number, required?: false): string | undefined;
export function stringArg(args: Args, name: string, max: number, required = false): string | undefined {
  const v = args[name];
  if (v === undefined || v === null) {
    if (required) throw new McpToolRefusal(`missing argument "${name}"`);
    return undefined;
  }
  if (typeof v !== 'string') throw new McpToolRefusal(`"${name}" must be a string`);
  if (v.length > max) throw new McpToolRefusal(`"${name}" is ${v.length} characters; at most ${max} are accepted`);
  return v;
}

export function intArg(args: Args, name: string, min: number, max: number, fallback: number): number {
  const v = args[name];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) throw new McpToolRefusal(`"${name}" must be a whole number from ${min} to ${max}`);
  return v;
}

export function enumArg<T extends string>(args: Args, name: string, values: readonly T[], fallback: T): T {
  const v = args[name];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'string' || !(values as readonly string[]).includes(v)) throw new McpToolRefusal(`"${name}" must be one of ${values.join(', ')}`);
  return v as T;
}

export function stringListArg(args: Args, name: string, maxItems: number, maxChars: number): string[] | undefined {
  const v = args[name];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw new McpToolRefusal(`"${name}" must be a list of strings`);
  if (v.length > maxItems) throw new McpToolRefusal(`"${name}" has ${v.length} items; at most ${maxItems} are accepted`);
  const long = (v as string[]).find((x) => x.length > maxChars);
  if (long !== undefined) throw new McpToolRefusal(`an item of "${name}" is ${long.length} characters; at most ${maxChars} are accepted`);
  return v as string[];
}
