// The parser against the reference (reference-oracle.ts) on a real vault written by others: every
// note of the English Obsidian Help vault must agree on links, headings and code lines. The
// frontmatter is blanked for the reference (CommonMark has none; line numbers stay). Skipped, with
// the reason in its name, when the vault is not there.

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findFrontmatter } from '../../../../src/vault-vfs/markdown/frontmatter';
import { TextLines } from '../../../../src/vault-vfs/markdown/text-lines';
import { referenceLandmarks } from './reference-oracle';
import { reeveLandmarks } from './reeve-landmarks';

const VAULT = process.env.REEVE_HELP_VAULT ?? fileURLToPath(new URL('../../../../../shared/vaults/obsidian-help-en', import.meta.url));
const present = existsSync(VAULT);

function notes(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.md')) out.push(relative(root, full));
    }
  };
  walk(root);
  return out.sort();
}

function withoutFrontmatter(text: string): string {
  const fm = findFrontmatter(text, new TextLines(text));
  if (!fm) return text;
  const lines = text.split('\n');
  for (let l = 0; l <= fm.endLine; l++) lines[l] = '';
  return lines.join('\n');
}

describe.skipIf(!present)(`the Obsidian Help vault against the reference${present ? '' : ` (skipped: no vault at ${VAULT}; set REEVE_HELP_VAULT)`}`, () => {
  it('agrees on every link, heading and code line of every note', () => {
    const files = notes(VAULT);
    expect(files.length).toBeGreaterThan(150);
    const disagreements: string[] = [];
    for (const f of files) {
      const text = readFileSync(join(VAULT, f), 'utf8');
      const reference = referenceLandmarks(withoutFrontmatter(text));
      const reeve = reeveLandmarks(text);
      for (const k of ['links', 'wikilinks', 'headings', 'codeLines'] as const) {
        if (JSON.stringify(reference[k]) !== JSON.stringify(reeve[k])) {
          disagreements.push(`${f} ${k}: reference ${JSON.stringify(reference[k])}\n  reeve ${JSON.stringify(reeve[k])}`);
        }
      }
    }
    expect(disagreements).toEqual([]);
  });
});
