// A model server that accepts the connection and never answers: organize says what it waits for
// while it waits, gives up within the bounded total with one clear error, and writes nothing but
// its own state.
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runReeve } from '../helpers/cli';
import { makeTempVault, type TempVault } from '../helpers/temp-vault';

let server: Server | null = null;
const sockets = new Set<Socket>();
let tv: TempVault | undefined;
afterEach(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => (server ? server.close(r) : r(null)));
  server = null;
  await tv?.cleanup();
});

/** A TCP server that reads requests and never writes a byte back. */
async function silentServer(): Promise<string> {
  server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', () => undefined);
  });
  await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
  const addr = server.address();
  return `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/v1`;
}

describe('organize against a model server that never answers', () => {
  it('says it is waiting, and fails within the bounded total with one line naming the server', async () => {
    const base = await silentServer();
    tv = await makeTempVault({ 'Inbox/a.md': 'a\n', 'Inbox/b.md': 'b\n' });
    const before = await tv.snapshot();
    const started = Date.now();
    const r = await runReeve(['organize', tv.dir, '--folder', 'Inbox', '--sources', 'agent', '--provider', 'openai-compatible', '--base-url', base, '--model', 'm'], {
      REEVE_MODEL_TIMEOUT_MS: '400',
      REEVE_MODEL_TOTAL_MS: '2000',
    });
    const took = Date.now() - started;
    expect(r.code).toBe(1);
    expect(took).toBeLessThan(6000);
    expect(r.stderr).toMatch(new RegExp(`reeve: waiting for local \\(m at ${base.replace(/[/.]/g, '\\$&')}\\): no answer for`));
    expect(r.stderr).toMatch(/trying again in/);
    expect(r.stderr.trim().split('\n').pop()).toMatch(/^error: .*no complete reply within the 2 s allowed for this command/);
    const after = await tv.snapshot();
    expect(new Map([...after].filter(([k]) => !k.startsWith('.obsidian')))).toEqual(new Map([...before].filter(([k]) => !k.startsWith('.obsidian'))));
  }, 20_000);
});

describe('ask against a model server that never answers', () => {
  it('ends all its model calls together within the bounded total, with one line naming the server, and sends nothing more', async () => {
    const base = await silentServer();
    tv = await makeTempVault({ 'Projects/Solar.md': '# Solar\nPanels.\n' });
    const before = await tv.snapshot();
    const started = Date.now();
    const r = await runReeve(['ask', tv.dir, 'what do the panels cost?', '--current', 'Projects/Solar.md', '--provider', 'openai-compatible', '--base-url', base, '--model', 'm'], {
      REEVE_MODEL_TIMEOUT_MS: '400',
      REEVE_MODEL_TOTAL_MS: '2000',
    });
    expect(r.code).toBe(1);
    expect(Date.now() - started).toBeLessThan(6000);
    expect(r.stderr).toMatch(/reeve: waiting for local \(m at /);
    expect(r.stderr).toMatch(/no complete reply within the 2 s allowed for this command/);
    const after = await tv.snapshot();
    expect(new Map([...after].filter(([k]) => !k.startsWith('.obsidian')))).toEqual(new Map([...before].filter(([k]) => !k.startsWith('.obsidian'))));
  }, 20_000);
});
