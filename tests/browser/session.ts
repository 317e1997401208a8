// One Chromium and one page per test file: Debian's chromium driven by playwright-core (never a
// downloaded browser), the test page loaded from the loopback server, and every page error kept so
// a test fails on a widget that throws.
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { serveTestPage, type TestPageServer } from './test-page';

const CHROMIUM = process.env.REEVE_CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface Session {
  page: Page;
  server: TestPageServer;
  /** URLs of every request the page made, as the browser saw them. */
  pageRequests: string[];
  /** Uncaught errors and console errors in the page. */
  pageErrors: string[];
  /** Resets the request and error logs, then renders `note` of a fresh vault holding `files`. */
  open(files: Record<string, string>, note: string): Promise<void>;
  read(path: string): Promise<string>;
  exists(path: string): Promise<boolean>;
  close(): Promise<void>;
}

export async function startSession(): Promise<Session> {
  const server = await serveTestPage(inject('harnessBundle'));
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 30_000 });
    const page = await browser.newPage({ viewport: { width: 820, height: 900 } });
    page.setDefaultTimeout(5_000);
    const pageRequests: string[] = [];
    const pageErrors: string[] = [];
    page.on('request', (r) => pageRequests.push(r.url()));
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') pageErrors.push(m.text());
    });
    await page.goto(`${server.origin}/`);
    await page.waitForFunction(() => typeof window.reeve === 'object');
    const opened = browser;
    return {
      page,
      server,
      pageRequests,
      pageErrors,
      async open(files, note) {
        // Reset first: whatever rendering the note requests or throws belongs to this test.
        server.requests.length = 0;
        pageRequests.length = 0;
        pageErrors.length = 0;
        await page.evaluate(([f, n]) => window.reeve.open(f, n), [files, note] as const);
      },
      read: (p) => page.evaluate((x) => window.reeve.read(x), p),
      exists: (p) => page.evaluate((x) => window.reeve.exists(x), p),
      async close() {
        await opened.close();
        await server.close();
      },
    };
  } catch (e) {
    await browser?.close();
    await server.close();
    throw e;
  }
}

/** Waits until the widget's action (started by a click or key press) has finished. */
export async function settled(widget: Locator): Promise<void> {
  await widget.and(widget.page().locator('[aria-busy="false"]')).waitFor();
}

/** The widget's inline outcome message. */
export function message(widget: Locator): Promise<string> {
  return widget.locator('.reeve-pending-message').innerText();
}
