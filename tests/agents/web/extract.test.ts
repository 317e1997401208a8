// Page extraction: main content as Markdown without scripts, images or link targets; passages
// that keep every word; BM25 ranking; and a budget that is never exceeded.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { domParserParseHtml } from '../../../src/agents/web/extract/dom-parser-parse-html';
import { extractPage } from '../../../src/agents/web/extract/extract-page';
import { linkedomParseHtml } from '../../../src/agents/web/extract/linkedom-parse-html';
import { bm25Scores, keepWithinBudget, passageTokens, terms, type Passage } from '../../../src/agents/web/extract/rank-passages';
import { PASSAGE_MAX_CHARS, splitPassages } from '../../../src/agents/web/extract/split-passages';

const PAGE = `<!doctype html><html><head><title>Sourdough guide</title><script>stealCookies()</script><style>p{}</style></head>
<body><nav><a href="/">Home</a> <a href="/shop">Shop</a></nav>
<article><h1>Feeding a starter</h1><p>${'Feed the starter with equal weights of flour and water every day. '.repeat(6)}</p>
<p>Use <a href="https://rye.example/buy">rye flour</a> for a livelier starter.<img src="https://evil.example/pixel.png" alt="pixel"></p>
<h2>Temperature</h2><p>${'Keep it warm, around 24 degrees, for a steady rise. '.repeat(6)}</p>
<form><input value="search"><button>Go</button></form></article>
<footer>Copyright, newsletter</footer></body></html>`;

describe('extractPage', () => {
  it('keeps the article as Markdown, without scripts, images, navigation or link targets', () => {
    const page = extractPage(PAGE, 'text/html', 'https://bread.example/guide', linkedomParseHtml);
    expect(page.title).toBe('Sourdough guide');
    expect(page.markdown).toContain('## Temperature');
    expect(page.markdown).toContain('Use rye flour for a livelier starter.');
    for (const gone of ['stealCookies', 'pixel', 'evil.example', 'rye.example', 'Shop', 'newsletter', '<']) expect(page.markdown).not.toContain(gone);
  });

  it('falls back to the body when Readability finds no article', () => {
    const page = extractPage('<html><body><p>Short note.</p></body></html>', 'text/html', 'https://x.example/', linkedomParseHtml);
    expect(page.markdown).toBe('Short note.');
  });

  it('passes plain text and Markdown through', () => {
    expect(extractPage('  # Title\n\nbody  ', 'text/markdown', 'https://x.example/', linkedomParseHtml)).toEqual({ title: '', markdown: '# Title\n\nbody' });
  });

  it('works on a DOMParser document as the plugin gives it', async () => {
    const { Window } = await import('happy-dom');
    const window = new Window();
    const saved = globalThis.DOMParser;
    globalThis.DOMParser = window.DOMParser as unknown as typeof DOMParser;
    try {
      const page = extractPage(PAGE, 'text/html', 'https://bread.example/guide', domParserParseHtml);
      expect(page.markdown).toContain('Keep it warm, around 24 degrees');
      expect(page.markdown).not.toContain('stealCookies');
    } finally {
      globalThis.DOMParser = saved;
      await window.happyDOM.close();
    }
  });
});

describe('splitPassages', () => {
  const block = fc.oneof(
    fc.lorem({ maxCount: 40, mode: 'sentences' }),
    fc.lorem({ maxCount: 3 }).map((w) => `## ${w}`),
    fc.lorem({ maxCount: 400, mode: 'sentences' }),
    fc.string({ minLength: 1, maxLength: 3000 }).map((s) => s.replace(/\s/g, 'x')),
  );
  it('keeps every word in order, with passages of bounded size', () => {
    fc.assert(
      fc.property(fc.array(block, { maxLength: 20 }), (blocks) => {
        const markdown = blocks.join('\n\n');
        const passages = splitPassages(markdown);
        expect(passages.join(' ').split(/\s+/).join('')).toBe(markdown.split(/\s+/).join(''));
        for (const p of passages) {
          const body = p.replace(/^#{1,6} [^\n]*\n\n/, '');
          expect(body.length).toBeLessThanOrEqual(PASSAGE_MAX_CHARS);
          expect(p.trim()).not.toBe('');
        }
      }),
    );
  });

  it('starts a passage at each heading', () => {
    expect(splitPassages('intro\n\n## A\n\nalpha\n\n## B\n\nbeta')).toEqual(['intro', '## A\n\nalpha', '## B\n\nbeta']);
  });
});

describe('ranking and the budget', () => {
  it('ranks passages with the query terms first, rarer terms weighing more', () => {
    const texts = ['the bakery history and its owners', 'starter temperature warm', 'starter feeding flour', 'starter starter starter'];
    const scores = bm25Scores('starter temperature', texts);
    expect(scores[0]).toBe(0);
    expect(scores[1]).toBeGreaterThan(scores[2] ?? 0);
    expect(scores[1]).toBeGreaterThan(scores[3] ?? 0);
    expect(terms('The Starter, its TEMPERATURE: 24°C!')).toEqual(['starter', 'temperature', '24']);
  });

  it('never exceeds the budget, keeps document order, and keeps everything when it all fits', () => {
    const passage = fc.record({ page: fc.nat(3), text: fc.lorem({ maxCount: 60 }) });
    fc.assert(
      fc.property(fc.array(passage, { maxLength: 40 }), fc.integer({ min: 0, max: 3000 }), fc.lorem({ maxCount: 4 }), (raw, budget, query) => {
        const passages: Passage[] = raw.map((p, i) => ({ page: p.page, index: i, text: p.text }));
        const kept = keepWithinBudget(query, passages, budget);
        expect(kept.reduce((s, p) => s + p.tokens, 0)).toBeLessThanOrEqual(budget);
        const order = kept.map((p) => [p.page, p.index] as const);
        expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
        if (passages.reduce((s, p) => s + passageTokens(p.text), 0) <= budget) expect(kept).toHaveLength(passages.length);
      }),
    );
  });

  it('spends the budget on the best passages', () => {
    const passages: Passage[] = [
      { page: 0, index: 0, text: 'bakery history '.repeat(100) },
      { page: 0, index: 1, text: 'sourdough starter temperature: keep it warm' },
      { page: 1, index: 0, text: 'starter feeding schedule' },
    ];
    const kept = keepWithinBudget('starter temperature', passages, passageTokens(passages[1]?.text ?? '') + passageTokens(passages[2]?.text ?? ''));
    expect(kept.map((p) => p.text)).toEqual([passages[1]?.text, passages[2]?.text]);
  });
});
