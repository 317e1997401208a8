// A small, strict argument parser for subcommands: unknown flags and missing values are usage
// errors (exit 2), never silently ignored.
import { UsageError } from './command';

export interface FlagSpec {
  /** Flags that take a value: `--limit 5` or `--limit=5`. */
  values?: readonly string[];
  /** Flags that are on or off: `--json`. */
  booleans?: readonly string[];
  /** Flags that take a value and may be repeated: `--add A --add B`. */
  lists?: readonly string[];
}

export interface ParsedArgs {
  positionals: string[];
  values: Map<string, string>;
  booleans: Set<string>;
  /** Repeatable flags' values, in order (absent when not given). */
  lists: Map<string, string[]>;
}

export function parseArgs(args: readonly string[], spec: FlagSpec): ParsedArgs {
  const values = new Map<string, string>();
  const booleans = new Set<string>();
  const positionals: string[] = [];
  const valueFlags = new Set(spec.values ?? []);
  const boolFlags = new Set(spec.booleans ?? []);
  const listFlags = new Set(spec.lists ?? []);
  const lists = new Map<string, string[]>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--') || arg === '--') {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
    if (boolFlags.has(name)) {
      if (eq >= 0) throw new UsageError(`--${name} takes no value`);
      booleans.add(name);
    } else if (valueFlags.has(name)) {
      const value = eq >= 0 ? arg.slice(eq + 1) : args[++i];
      if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
      values.set(name, value);
    } else if (listFlags.has(name)) {
      const value = eq >= 0 ? arg.slice(eq + 1) : args[++i];
      if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
      lists.set(name, [...(lists.get(name) ?? []), value]);
    } else {
      const known = [...valueFlags, ...boolFlags, ...listFlags].map((f) => `--${f}`).join(', ');
      throw new UsageError(`unknown option --${name}${known ? ` (known: ${known})` : ''}`);
    }
  }
  return { positionals, values, booleans, lists };
}

/** Reads a positive integer flag, or the fallback when absent. */
export function intFlag(parsed: ParsedArgs, name: string, fallback: number): number {
  const raw = parsed.values.get(name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) <= 0) throw new UsageError(`--${name} must be a positive whole number, got "${raw}"`);
  return Number(raw);
}
