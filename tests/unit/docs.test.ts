// The README and the docs stand on their own in a fresh clone (issue 11, item 20): every path or
// link they give stays inside the repository and exists, and no page is left marked as a draft.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const pages = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

describe.each(pages)('%s', (page) => {
  const text = readFileSync(path.join(root, page), 'utf8');

  it('points nowhere outside the repository', () => {
    expect(text.match(/(?:^|[\s(`"'])\.\.\/[^\s)`"']*/gm) ?? []).toEqual([]);
  });

  it('links only to files that exist', () => {
    // Examples in code (fenced blocks, inline spans) are not links.
    const prose = text.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '').replace(/(`+)[^`]*?\1/g, '');
    const targets = [...prose.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1] as string).filter((t) => !/^[a-z]+:/i.test(t));
    for (const t of targets) expect(existsSync(path.resolve(path.dirname(path.join(root, page)), t)), `${page} -> ${t}`).toBe(true);
  });

  it('is not marked as a draft', () => {
    expect(text.split('\n').slice(0, 5).join('\n')).not.toMatch(/\bdraft\b/i);
  });
});
