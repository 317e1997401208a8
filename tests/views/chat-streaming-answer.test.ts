// @vitest-environment happy-dom
// A long answer streams without being redrawn whole: the part of the text settled-markdown.ts
// calls finished renders the same on its own as inside the whole text (a property over random
// answers and every prefix), each finished block is rendered once (its nodes stay while more
// arrives), the Markdown rendered while streaming grows with the answer, not with its square, and
// no element that loads a URL shows up at any point of the stream.
import '../obsidian/dom';
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { App, Component, MarkdownRenderer } from 'obsidian-test-mocks/obsidian';
import { afterEach, describe, expect, it } from 'vitest';
import { needsWholeRender, settledLength } from '../../src/views/chat/settled-markdown';
import { StreamingAnswer } from '../../src/views/chat/streaming-answer';
import { renderUntrusted } from '../../src/views/chat/untrusted-markdown';

const ctx = { app: App.createConfigured__({ files: {} }) as never, component: new Component() as never, sourcePath: 'Note.md' };
const md = new MarkdownIt({ html: false, linkify: true });

/** Blocks a model writes; no two lists meet, so a loose list never spans a cut. */
const BLOCKS = [
  '# A heading',
  'A paragraph with **bold**, `code`, [[Projects/Solar]] and https://example.org/x.',
  'A paragraph\nover two lines with a `code span`.',
  '```python\ndef f():\n\n    return 1\n```',
  '~~~\nindented\n\n  still code\n~~~',
  '> a quote\n> on two lines',
  '| a | b |\n| --- | --- |\n| 1 | 2 |',
  '$$\nx = 1\n\ny = 2\n$$',
  '%% a comment\n\nover a blank line %%',
  '1. one\n2. two\n   - nested\n\n   a second paragraph of two',
  '- item\n\n      indented code in the item',
  '![leak](https://evil.example/x.png)',
  '<img src="https://evil.example/y.png">',
];
const LISTS = new Set([BLOCKS[9], BLOCKS[10]]);

const answer = fc.array(fc.constantFrom(...BLOCKS), { minLength: 1, maxLength: 8 }).map((blocks) => {
  const out: string[] = [];
  for (const b of blocks) {
    if (LISTS.has(b) && LISTS.has(out[out.length - 1])) out.push('Between two lists.');
    out.push(b);
  }
  return out.join('\n\n');
});

describe('where a streaming answer is finished', () => {
  it('cuts only where the part before renders as it does in the whole text, at every prefix', () => {
    fc.assert(
      fc.property(answer, fc.integer({ min: 0, max: 10_000 }), (text, p) => {
        const prefix = text.slice(0, p % (text.length + 1));
        const cut = settledLength(prefix);
        expect(md.render(prefix.slice(0, cut)) + md.render(text.slice(cut))).toBe(md.render(text));
        // Read on from an earlier cut, it finds the same one.
        expect(settledLength(prefix, settledLength(prefix.slice(0, Math.floor(cut / 2))))).toBe(cut);
      }),
      { numRuns: 400 },
    );
  });

  it('does not cut inside a fence, display math or an indented continuation, and cuts before the next block', () => {
    expect(settledLength('```\na\n\nb')).toBe(0);
    expect(settledLength('$$\na\n\nb')).toBe(0);
    expect(settledLength('- a\n\n  more of a')).toBe(0);
    expect(settledLength('Para.\n\n')).toBe(0);
    expect(settledLength('Para.\n\n#')).toBe('Para.\n\n'.length);
    expect(settledLength('Para.\n\n# H\n\nNext')).toBe('Para.\n\n# H\n\n'.length);
  });

  it('renders an answer with reference definitions or footnotes whole', () => {
    expect(needsWholeRender('See [the site][s].\n\n[s]: https://example.org')).toBe(true);
    expect(needsWholeRender('A claim.[^1]\n\n[^1]: The source.')).toBe(true);
    expect(needsWholeRender('No [[link]] defines anything [here](https://x.org).')).toBe(false);
  });
});

const wait = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function fetching(el: HTMLElement): string[] {
  return [...el.querySelectorAll('img, iframe, video, audio, source, picture, [srcset], [poster]')].map((n) => n.outerHTML);
}

describe('a streaming answer', () => {
  const render = MarkdownRenderer.render;
  afterEach(() => {
    MarkdownRenderer.render = render;
  });

  it('renders each finished block once and what it renders grows with the answer; the end matches a whole render', async () => {
    let rendered = 0;
    MarkdownRenderer.render = (app, markdown, el, sourcePath, component) => {
      rendered += markdown.length;
      return render(app, markdown, el, sourcePath, component);
    };
    const text = Array.from({ length: 24 }, (_, i) => `## Part ${i}\n\nThe quote for part ${i} is **${8000 + i} EUR**, see [[Projects/Budget]].\n\n- panels\n- inverter ${i}`).join('\n\n');
    const el = createDiv();
    const answer = new StreamingAnswer(el, ctx);
    let firstHeading: Element | null = null;
    for (let at = 0; at < text.length; at += 400) {
      answer.append(text.slice(at, at + 400));
      await wait(140);
      firstHeading ??= el.querySelector('h2');
      // Once drawn, the first heading is the same node however much more arrives.
      if (firstHeading) expect(el.querySelector('h2')).toBe(firstHeading);
      expect(fetching(el)).toEqual([]);
    }
    expect(firstHeading).not.toBeNull();
    // Redrawn whole at each render, this was about 8 times the answer's length.
    expect(rendered).toBeLessThan(text.length * 2);
    await answer.finish(text);
    expect(el.querySelector('h2')).toBe(firstHeading);
    expect(el.hasClass('is-streaming')).toBe(false);
    const whole = createDiv();
    await renderUntrusted(ctx, text, whole);
    expect(el.innerHTML).toBe(whole.innerHTML);
  });

  it('never shows an element that loads a URL while hostile Markdown streams in small pieces', async () => {
    const text = BLOCKS.join('\n\n') + '\n\n<iframe src="https://evil.example/f"></iframe>\n\n<picture><source srcset="https://evil.example/s.png"></picture>';
    const el = createDiv();
    const answer = new StreamingAnswer(el, ctx);
    for (let at = 0; at < text.length; at += 37) {
      answer.append(text.slice(at, at + 37));
      if (at % 111 === 0) await wait(130);
      expect(fetching(el)).toEqual([]);
    }
    await answer.finish(text);
    expect(fetching(el)).toEqual([]);
    expect(el.textContent).toContain('x = 1');
  });

  it('shows a different final answer in place of what streamed', async () => {
    const el = createDiv();
    const answer = new StreamingAnswer(el, ctx);
    answer.append('# Draft\n\nFirst try.\n\nMore');
    await wait(140);
    await answer.finish('The summary.');
    expect(el.textContent?.trim()).toBe('The summary.');
  });
});
