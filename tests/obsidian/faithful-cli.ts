// Obsidian's own CLI (1.12.2+): a plugin registers a command with `registerCliHandler(command,
// description, flags, handler)`; obsidian.d.ts: "Command IDs must be globally unique. Attempting to
// register a command that is already registered will throw an Error." The handler gets the flags as
// `CliData` (every value a string; a boolean flag is the string 'true') and returns the text printed.
// The mocks keep handlers per plugin and never throw; here they are kept per app (globally), a
// duplicate throws, and, as with everything a plugin registers (Component.register), a plugin's
// handlers go when it unloads (an assumption: the docs do not say; Obsidian unregisters a plugin's
// commands on unload). `runCli__` is the terminal: it runs a command as `obsidian <command> k=v`.
// `apiVersion` can be set back to model an older Obsidian for `requireApiVersion`.
import { type App, Plugin } from 'obsidian-test-mocks/obsidian';

type Handler = (params: Record<string, string>) => string | Promise<string>;

const registries = new WeakMap<object, Map<string, Handler>>();

function registry(app: App): Map<string, Handler> {
  let found = registries.get(app);
  if (!found) registries.set(app, (found = new Map<string, Handler>()));
  return found;
}

let installed = false;

export function installFaithfulCli(): void {
  if (installed) return;
  installed = true;
  Plugin.prototype.registerCliHandler = function (this: Plugin, command: string, _description: string, _flags: unknown, handler: Handler): void {
    const handlers = registry(this.app);
    if (handlers.has(command)) throw new Error(`CLI command "${command}" is already registered`);
    handlers.set(command, handler);
    this.register(() => handlers.delete(command));
  };
}

/** Runs a registered command with its flags, as the CLI does; throws for a command nobody registered. */
export async function runCli__(app: App, command: string, params: Record<string, string> = {}): Promise<string> {
  const handler = registry(app).get(command);
  if (!handler) throw new Error(`unknown CLI command "${command}"`);
  return handler(params);
}

export function cliCommands__(app: App): string[] {
  return [...registry(app).keys()].sort();
}

/** The app's version as `requireApiVersion` sees it (obsidian.d.ts: true when the running version is at least the one given). */
export const appVersion = { current: '1.13.1' };

function atLeast(running: string, wanted: string): boolean {
  const [a, b] = [running.split('.').map(Number), wanted.split('.').map(Number)];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return true;
}

export function requireApiVersion(version: string): boolean {
  return atLeast(appVersion.current, version);
}
