// Keeps the front door honest: every relative link and image in README.md and docs/*.md points at a
// file that exists (and, with a #fragment into a Markdown page, at a heading that page has), every
// docs page is reachable from the README, and the README stays short enough to read in a few
// minutes. Links are read by markdown-it, a CommonMark parser, so a link inside code is not a link
// and a link whose text wraps onto the next line still is. The pages also stand on their own in a
// fresh clone (issue 11, item 20): no path they give, in a link, in code or in prose, climbs out of
// the repository, and no page is left marked as a draft.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const md = new MarkdownIt();
type Token = ReturnType<typeof md.parse>[number];

/** The README's line budget: what a newcomer reads in a few minutes. Reference belongs in docs/. */
const README_MAX_LINES = 200;

interface Target {
  href: string;
  line: number;
}

interface Page {
  targets: Target[];
  anchors: Set<string>;
}

/**
 * A heading's anchor as GitHub makes it: lower case, punctuation dropped (letters, digits, spaces,
 * hyphens and underscores kept), spaces to hyphens; a repeated heading gets `-1`, `-2`, ...
 */
function slug(text: string, seen: Map<string, number>): string {
  const base = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/gu, '-');
  const n = seen.get(base) ?? 0;
  seen.set(base, n + 1);
  return n === 0 ? base : `${base}-${n}`;
}

function readPage(file: string): Page {
  const tokens = md.parse(readFileSync(path.join(root, file), 'utf8'), {});
  const targets: Target[] = [];
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let line = 1;
  tokens.forEach((token, i) => {
    // Inline tokens in table cells carry no position: they are on their row's line.
    if (token.map) line = token.map[0] + 1;
    if (token.type !== 'inline') return;
    if (tokens[i - 1]?.type === 'heading_open') anchors.add(slug(headingText(token.children ?? []), seen));
    for (const child of token.children ?? []) {
      const href = child.type === 'link_open' ? child.attrGet('href') : child.type === 'image' ? child.attrGet('src') : null;
      if (href !== null) targets.push({ href: String(href), line });
    }
  });
  return { targets, anchors };
}

function headingText(children: Token[]): string {
  return children.map((c) => (c.type === 'text' || c.type === 'code_inline' ? c.content : '')).join('');
}

/** Links to the web, mail and the like are not the repository's to check. */
function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/iu.test(href) || href.startsWith('//');
}

const docsPages = readdirSync(path.join(root, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => `docs/${f}`);
const pages = ['README.md', ...docsPages];
const parsed = new Map(pages.map((p) => [p, readPage(p)]));

/** What is wrong with one page's relative links, one line each ("README.md:12: ..."). */
function brokenLinks(file: string): string[] {
  const problems: string[] = [];
  for (const { href, line } of parsed.get(file)?.targets ?? []) {
    if (isExternal(href)) continue;
    const hash = href.indexOf('#');
    const linkPath = decodeURIComponent(hash < 0 ? href : href.slice(0, hash));
    const fragment = hash < 0 ? '' : decodeURIComponent(href.slice(hash + 1));
    const target = linkPath === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), linkPath));
    const where = `${file}:${line}: ${href}`;
    if (target.startsWith('..') || path.posix.isAbsolute(target)) problems.push(`${where} leaves the repository`);
    else if (!existsSync(path.join(root, target))) problems.push(`${where}: ${target} does not exist`);
    else if (fragment !== '' && target.endsWith('.md')) {
      const page = parsed.get(target) ?? readPage(target);
      if (!page.anchors.has(fragment)) problems.push(`${where}: ${target} has no heading #${fragment}`);
    }
  }
  return problems;
}

describe('the README and docs/ link to what exists', () => {
  it.each(pages)('%s: every relative link and image resolves', (file) => {
    expect(brokenLinks(file)).toEqual([]);
  });

  it('every docs page is linked from the README', () => {
    const linked = new Set(
      (parsed.get('README.md')?.targets ?? []).filter((t) => !isExternal(t.href)).map((t) => path.posix.normalize(t.href.split('#')[0] ?? '')),
    );
    expect(docsPages.filter((p) => !linked.has(p))).toEqual([]);
  });

  it('the README shows the screenshots in docs/images', () => {
    const images = readdirSync(path.join(root, 'docs', 'images')).filter((f) => f.endsWith('.png')).map((f) => `docs/images/${f}`);
    const linked = new Set((parsed.get('README.md')?.targets ?? []).map((t) => t.href));
    expect(images.length).toBeGreaterThan(0);
    expect(images.filter((i) => !linked.has(i))).toEqual([]);
  });
});

/**
 * The `../` paths a page gives in code or prose. Those are read from the repository's root, where
 * its commands run, so any of them climbs out; a link's target is the page's own (brokenLinks).
 */
function pathsOutside(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(/(?:^|[\s`"']|(?<!\])\()((?:\.\.\/)+[^\s)`"']*)/gmu)].map((m) => m[1] ?? '');
}

describe.each(pages)('%s stands on its own in a fresh clone', (file) => {
  it('gives no path outside the repository', () => {
    expect(pathsOutside(file)).toEqual([]);
  });

  it('is not marked as a draft', () => {
    expect(readFileSync(path.join(root, file), 'utf8').split('\n').slice(0, 5).join('\n')).not.toMatch(/\bdraft\b/iu);
  });
});

describe('the README is a front door', () => {
  it(`stays under ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(path.join(root, 'README.md'), 'utf8').split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('keeps the test command CI runs: npm test', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toMatch(/^npm test\b/mu);
  });
});
