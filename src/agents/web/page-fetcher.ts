// Fetching one web page for the Web agent, safely: the URL is checked (scheme, host, resolved
// addresses) before connecting, redirects are followed by hand and each target checked the same
// way, at most `maxBytes` of the body are read and the whole fetch has a time limit. Only text
// pages (HTML, plain text, Markdown) are kept.

import type { FetchLike } from '../llm/fetch-like';
import { checkFetchUrl, type ResolveHost } from './check-url';

export interface PageFetcherOptions {
  fetch: FetchLike;
  /** Without a resolver only the URL's own host text is checked (see docs/security-and-network.md, "The Web agent's page reads"). */
  resolveHost?: ResolveHost;
  allowPrivateHosts: boolean;
  /** Bytes of body read at most; the rest is not downloaded. */
  maxBytes: number;
  /** For the whole fetch of one page, redirects and body included. */
  timeoutMs: number;
  maxRedirects?: number;
}

export interface FetchedPage {
  /** The URL the page was finally read from (after redirects). */
  url: string;
  contentType: string;
  body: string;
  bytes: number;
  /** The body was longer than `maxBytes` and was cut there. */
  truncated: boolean;
}

export type PageFetchResult =
  | { ok: true; page: FetchedPage }
  /** `refused`: a safety rule said no (nothing was fetched from the refused URL); otherwise the fetch failed. */
  | { ok: false; refused: boolean; reason: string };

export interface PageFetcher {
  fetchPage(url: string, signal?: AbortSignal): Promise<PageFetchResult>;
}

const TEXT_TYPES = ['text/html', 'application/xhtml+xml', 'text/plain', 'text/markdown'];
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export function createPageFetcher(options: PageFetcherOptions): PageFetcher {
  const maxRedirects = options.maxRedirects ?? 5;
  return {
    async fetchPage(startUrl, outerSignal) {
      if (outerSignal?.aborted) return { ok: false, refused: false, reason: 'stopped' };
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(), options.timeoutMs);
      const signal = anySignal([timeout.signal, ...(outerSignal ? [outerSignal] : [])]);
      let current = startUrl;
      try {
        for (let hop = 0; ; hop++) {
          const checked = await checkFetchUrl(current, { allowPrivateHosts: options.allowPrivateHosts, ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}), signal });
          if (!checked.ok) return { ok: false, refused: true, reason: hop === 0 ? checked.reason : `redirected to ${current}: ${checked.reason}` };
          const response = await options.fetch(checked.url.href, {
            method: 'GET',
            redirect: 'manual',
            signal,
            headers: { accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,text/markdown;q=0.9', 'user-agent': 'Reeve (Obsidian plugin; web agent)' },
          });
          if (response.type === 'opaqueredirect') return { ok: false, refused: true, reason: 'the page redirects, and this transport cannot show where to, so it was not followed' };
          if (REDIRECTS.has(response.status)) {
            await response.body?.cancel().catch(() => undefined);
            const location = response.headers.get('location');
            if (!location) return { ok: false, refused: false, reason: `redirect (${response.status}) without a Location` };
            if (hop >= maxRedirects) return { ok: false, refused: true, reason: `more than ${maxRedirects} redirects` };
            current = new URL(location, checked.url).href;
            continue;
          }
          if (!response.ok) {
            await response.body?.cancel().catch(() => undefined);
            return { ok: false, refused: false, reason: `the server answered ${response.status}` };
          }
          const contentType = (response.headers.get('content-type') ?? '').toLowerCase();
          const mime = contentType.split(';')[0]?.trim() ?? '';
          if (!TEXT_TYPES.includes(mime)) {
            await response.body?.cancel().catch(() => undefined);
            return { ok: false, refused: true, reason: `not a text page (content type "${mime || 'none'}")` };
          }
          const read = await readLimited(response, options.maxBytes);
          return { ok: true, page: { url: checked.url.href, contentType: mime, body: decode(read.bytes, contentType), bytes: read.bytes.byteLength, truncated: read.truncated } };
        }
      } catch (error) {
        if (outerSignal?.aborted) return { ok: false, refused: false, reason: 'stopped' };
        if (timeout.signal.aborted) return { ok: false, refused: false, reason: `no complete answer within ${options.timeoutMs} ms` };
        // A transport that checks addresses at connect time refuses with a PrivateAddressError (maybe wrapped, as fetch does).
        const refusal = [error, (error as { cause?: unknown } | null)?.cause].find((e) => e instanceof Error && (e as { refused?: unknown }).refused === true);
        if (refusal instanceof Error) return { ok: false, refused: true, reason: current === startUrl ? refusal.message : `redirected to ${current}: ${refusal.message}` };
        return { ok: false, refused: false, reason: error instanceof Error ? error.message : String(error) };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** Reads at most `maxBytes` of the body and cancels the rest of the download. */
async function readLimited(response: Response, maxBytes: number): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  if (!response.body) {
    const all = new Uint8Array(await response.arrayBuffer());
    return { bytes: all.slice(0, maxBytes), truncated: all.byteLength > maxBytes };
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - size;
    chunks.push(value.byteLength > room ? value.slice(0, room) : value);
    size += Math.min(value.byteLength, room);
    if (value.byteLength > room || (size === maxBytes && !(await reader.read()).done)) {
      truncated = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
    if (size === maxBytes) break;
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    bytes.set(c, offset);
    offset += c.byteLength;
  }
  return { bytes, truncated };
}

function decode(bytes: Uint8Array, contentType: string): string {
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** One signal that aborts when any of `signals` does. */
function anySignal(signals: AbortSignal[]): AbortSignal {
  const controller = new AbortController();
  for (const s of signals) {
    if (s.aborted) controller.abort(s.reason);
    else s.addEventListener('abort', () => controller.abort(s.reason), { once: true });
  }
  return controller.signal;
}
