// The chat view with a long chat, in Chromium (Debian's chromium through playwright-core, the
// browser test page): time to open a saved chat of 500 messages, and the longest frame while an
// answer streams into it and while it is scrolled end to end, against the same messages drawn
// as plain text; then, in a 360 px pane, the longest frame while a 15,000-character answer
// streams into a new message, and the frame that finishes it. Each case runs in a fresh page, the
// two alternating.
import { chromium } from 'playwright-core';
import { bundleHarness, serveTestPage } from '../../tests/browser/test-page';
import { traceMainThread } from '../chrome-trace';
import { fmtMs, summarize, type Workload } from '../harness';

const CHROMIUM = process.env.REEVE_CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

interface Sample {
  openMs: number;
  streamLongestFrameMs: number;
  scrollLongestFrameMs: number;
  drawnMessages: number;
}

interface StreamSample {
  longestFrameMs: number;
  finishMs: number;
  /** Thread time (trace) of the longest main-thread task while streaming, of all of them, and of the longest after. */
  longestTaskMs: number;
  streamCpuMs: number;
  finishTaskMs: number;
  chars: number;
  frames: number;
}

const STREAM_CHARS = 15_000;
const STREAM_DELTA = 100;

const workload: Workload = {
  name: 'chat-render',
  description: 'The chat view (ChatView, real styles.css) in headless Chromium at sidebar size: opening a saved chat of N messages (each a finished Scout → Task run with steps, a selection and a Markdown answer) until painted, then the longest frame while an answer streams into it (90 frames) and while the list is scrolled to the top (60 frames), against the same messages drawn as plain text. Then, at 360x700, a Markdown answer of about 15,000 characters (headings, paragraphs, lists, code, tables, links) streamed into a new message 100 characters per frame: the longest frame until its last render landed, and the frame that finishes the message, against the same text appended as plain text; and from a Chromium trace, the main thread’s own (thread) time: its longest task and its sum while streaming, and its longest task finishing the message, which a busy machine does not stretch as it stretches frames. Aim: longest frame while streaming at most 32 ms.',
  async run(bench, ctx) {
    const n = 500;
    const repeats = ctx.quick ? 3 : 7;
    const server = await serveTestPage(await bundleHarness());
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 30_000 });
    try {
      const sample = async (mode: 'view' | 'plain'): Promise<Sample> => {
        const page = await browser.newPage({ viewport: { width: 420, height: 900 } });
        try {
          await page.goto(`${server.origin}/`);
          await page.waitForFunction(() => typeof window.reeve === 'object');
          await page.evaluate((url) => window.reeve.openChat({ 'Projects/Solar.md': '# Solar\n', 'Projects/Budget.md': '# Budget\n' }, { llmBaseUrl: url, active: 'Projects/Solar.md' }), 'http://127.0.0.1:9');
          return await page.evaluate(([count, m]) => window.reeve.benchChat(count, m), [n, mode] as const);
        } finally {
          await page.close();
        }
      };
      const stream = async (mode: 'view' | 'plain'): Promise<StreamSample> => {
        const page = await browser.newPage({ viewport: { width: 360, height: 700 } });
        try {
          await page.goto(`${server.origin}/`);
          await page.waitForFunction(() => typeof window.reeve === 'object');
          await page.evaluate((url) => window.reeve.openChat({ 'Projects/Solar.md': '# Solar\n', 'Projects/Budget.md': '# Budget\n' }, { llmBaseUrl: url, active: 'Projects/Solar.md' }), 'http://127.0.0.1:9');
          const { result, main } = await traceMainThread(page, 'reeve-stream-end', () => page.evaluate(([chars, delta, m]) => window.reeve.benchStream(chars, delta, m), [STREAM_CHARS, STREAM_DELTA, mode] as const));
          return { ...result, longestTaskMs: main.longestMs, streamCpuMs: main.totalMs, finishTaskMs: main.longestAfterMs };
        } finally {
          await page.close();
        }
      };
      const view: Sample[] = [];
      const plain: Sample[] = [];
      await sample('view');
      for (let i = 0; i < repeats; i++) {
        view.push(await sample('view'));
        plain.push(await sample('plain'));
      }
      const row = (label: string, key: keyof Sample): void => {
        const v = summarize(view.map((s) => s[key]));
        const p = summarize(plain.map((s) => s[key]));
        bench.record({ case: `${label}, ${n} messages`, value: fmtMs(v.medianMs), baseline: 'plain text', baselineValue: fmtMs(p.medianMs), ratio: `${(v.medianMs / p.medianMs).toFixed(2)}x`, note: `view ${fmtMs(v.minMs)}-${fmtMs(Math.max(...view.map((s) => s[key])))}, ${repeats} runs` });
      };
      row('open until painted', 'openMs');
      row('longest frame while streaming', 'streamLongestFrameMs');
      row('longest frame while scrolling to the top', 'scrollLongestFrameMs');
      const drawn = view.map((s) => s.drawnMessages);
      const sv: StreamSample[] = [];
      const sp: StreamSample[] = [];
      await stream('view');
      for (let i = 0; i < repeats; i++) {
        sv.push(await stream('view'));
        sp.push(await stream('plain'));
      }
      const chars = sv[0]?.chars ?? STREAM_CHARS;
      const streamRow = (label: string, key: 'longestFrameMs' | 'finishMs' | 'longestTaskMs' | 'streamCpuMs' | 'finishTaskMs'): void => {
        const v = summarize(sv.map((s) => s[key]));
        const p = summarize(sp.map((s) => s[key]));
        bench.record({ case: `${label}, ${chars.toLocaleString('en-US')}-character answer at 360 px`, value: fmtMs(v.medianMs), baseline: 'plain text', baselineValue: fmtMs(p.medianMs), ratio: `${(v.medianMs / p.medianMs).toFixed(2)}x`, note: `view ${fmtMs(v.minMs)}-${fmtMs(Math.max(...sv.map((s) => s[key])))}, ${repeats} runs, ${sv[0]?.frames ?? 0} deltas` });
      };
      streamRow('longest frame while a long answer streams', 'longestFrameMs');
      streamRow('finishing the long answer', 'finishMs');
      streamRow('longest main-thread task (thread time) while it streams', 'longestTaskMs');
      streamRow('main-thread time in all while it streams', 'streamCpuMs');
      streamRow('longest main-thread task (thread time) finishing it', 'finishTaskMs');
      bench.record({ case: 'messages drawn after scrolling to the top', value: String(Math.max(...drawn)), baseline: 'plain text', baselineValue: String(n), note: 'placeholders drawn as they come near view' });
    } finally {
      await browser.close();
      await server.close();
    }
  },
};

export default workload;
