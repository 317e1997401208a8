// Serves the browser test page from a loopback HTTP server on a free port: page/harness.ts bundled
// for the browser by esbuild (with 'obsidian' answered by the project's test runtime, as in
// vitest.config.ts; built once per run in global-setup.ts), the real styles.css, and
// page/theme.css standing in for Obsidian's theme.
// Every request the server receives is recorded, so a test can prove that a widget loaded nothing.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..', '..');
const here = import.meta.dirname;

/** The page's own files; any other path requested is something the page should not have loaded. */
export const PAGE_ASSETS = ['/', '/harness.js', '/styles.css', '/theme.css'];

// A 1x1 transparent PNG, so that an image that does load (the positive control) loads for real.
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const INDEX = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Reeve widgets</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="/theme.css"><link rel="stylesheet" href="/styles.css">
<script src="/harness.js"></script></head>
<body class="theme-light"><div class="markdown-reading-view"><div id="note" class="markdown-preview-view markdown-rendered"></div></div></body></html>`;

export interface TestPageServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Paths of every request received, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function bundleHarness(): Promise<string> {
  return bundlePageScript('harness.ts');
}

/** One script of tests/browser/page/, bundled for the page with the Obsidian runtime as `obsidian`. */
export async function bundlePageScript(entry: string): Promise<string> {
  const out = await build({
    entryPoints: [path.join(here, 'page', entry)],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
    alias: { obsidian: path.join(root, 'tests', 'obsidian', 'index.ts') },
  });
  const file = out.outputFiles[0];
  if (!file) throw new Error('esbuild produced no bundle');
  return file.text;
}

export async function serveTestPage(harness: string): Promise<TestPageServer> {
  const [styles, theme] = await Promise.all([readFile(path.join(root, 'styles.css'), 'utf8'), readFile(path.join(here, 'page', 'theme.css'), 'utf8')]);
  const files: Record<string, [string, string | Buffer]> = {
    '/': ['text/html', INDEX],
    '/harness.js': ['text/javascript', harness],
    '/styles.css': ['text/css', styles],
    '/theme.css': ['text/css', theme],
  };
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url.pathname);
    const file = files[url.pathname] ?? (url.pathname.endsWith('.png') ? ['image/png', PIXEL] : null);
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': file[0], 'cache-control': 'no-store' }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
