// The widgets are styled only by styles.css through Obsidian's CSS variables, so themes apply: no
// element carries an inline style, every colour in styles.css is a var(), and the computed
// colours of the diff and of errors follow the variables, in a light and a .theme-dark body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editBlockText } from '../../src/edits/pending/block-format';
import { PLAN_NOTE, planVault } from '../views/plan-fixture';
import { settled, startSession, type Session } from './session';

const edit = editBlockText({ id: 'e1', type: 'replace', before: 'the old word\nsame line\nremoved line', after: 'the new word\nsame line' }, '\n');
const damaged = '```ai-edit\n{"id":"e2","type":"replace","before":"kept","after":\n```\n#ai_edit';
const files = { ...planVault(), 'n.md': `${edit}\n\n${damaged}\n` };

let s: Session;
beforeAll(async () => {
  s = await startSession();
});
afterAll(async () => {
  await s?.close();
});

/** Computed colours of the parts a theme must be able to change. */
function colours(): Promise<Record<string, string>> {
  return s.page.evaluate(() => {
    const q = (sel: string): Element => {
      const el = document.querySelector(sel);
      if (!el) throw new Error(`no ${sel}`);
      return el;
    };
    const bg = (sel: string): string => getComputedStyle(q(sel)).backgroundColor;
    return {
      widget: bg('.reeve-edit:not(.is-damaged)'),
      widgetText: getComputedStyle(q('.reeve-edit')).color,
      addedLine: bg('.reeve-diff-line.is-added'),
      removedLine: bg('.reeve-diff-line.is-removed'),
      addedWord: bg('ins.reeve-diff-word'),
      removedWord: bg('del.reeve-diff-word'),
      damagedReason: getComputedStyle(q('.reeve-pending-reason')).color,
      damagedBorder: getComputedStyle(q('.reeve-edit.is-damaged')).borderTopColor,
    };
  });
}

const setVar = (name: string, value: string): Promise<void> => s.page.evaluate(([n, v]) => document.body.style.setProperty(n, v), [name, value] as const);

describe('theme', () => {
  it('no widget element has an inline style, before or after an action', async () => {
    await s.open(files, 'n.md');
    expect(await s.page.locator('.reeve-pending').count()).toBe(2);
    expect(await s.page.locator('.reeve-pending[style], .reeve-pending [style]').count()).toBe(0);
    await s.open(files, PLAN_NOTE);
    const move = s.page.locator('.reeve-op').filter({ hasText: 'Inbox/a.pdf' });
    await move.getByRole('button', { name: /^Accept and run/ }).click();
    await settled(move);
    expect(await move.locator('.reeve-op-state').innerText()).toBe('Done');
    expect(await s.page.locator('.reeve-pending').count()).toBe(4);
    expect(await s.page.locator('.reeve-pending[style], .reeve-pending [style]').count()).toBe(0);
  });

  it('every colour styles.css sets is an Obsidian variable', async () => {
    const literal = await s.page.evaluate(() => {
      const sheet = [...document.styleSheets].find((x) => x.href?.endsWith('/styles.css'));
      if (!sheet) throw new Error('styles.css not loaded');
      const out: string[] = [];
      for (const rule of [...sheet.cssRules]) {
        if (!(rule instanceof CSSStyleRule)) continue;
        for (const prop of [...rule.style]) {
          const value = rule.style.getPropertyValue(prop);
          if (/color|background|border|shadow|outline|fill|stroke/.test(prop) && /#|rgb|hsl|\b(red|green|blue|black|white|gray|grey)\b/.test(value.replace(/var\([^)]*\)/g, '')) && !value.includes('var(')) out.push(`${rule.selectorText} { ${prop}: ${value} }`);
        }
      }
      return out;
    });
    expect(literal).toEqual([]);
  });

  for (const theme of ['theme-light', 'theme-dark']) {
    it(`${theme}: added and removed parts differ and follow the colour variables`, async () => {
      await s.open(files, 'n.md');
      await s.page.evaluate((t) => {
        document.body.className = t;
      }, theme);
      const base = await colours();
      expect(base.addedLine).not.toBe(base.removedLine);
      expect(base.addedWord).not.toBe(base.removedWord);
      expect(base.addedLine).not.toBe('rgba(0, 0, 0, 0)');
      expect(base.removedWord).not.toBe('rgba(0, 0, 0, 0)');

      // The theme's greens and reds, and its error text colour, are what the widgets show.
      await setVar('--color-green-rgb', '1, 2, 250');
      await setVar('--color-red-rgb', '250, 2, 1');
      await setVar('--text-error', 'rgb(3, 4, 5)');
      await setVar('--background-modifier-error', 'rgb(6, 7, 8)');
      await setVar('--background-secondary', 'rgb(9, 10, 11)');
      await setVar('--text-normal', 'rgb(12, 13, 14)');
      expect(await colours()).toEqual({
        widget: 'rgb(9, 10, 11)',
        widgetText: 'rgb(12, 13, 14)',
        addedLine: 'rgba(1, 2, 250, 0.12)',
        removedLine: 'rgba(250, 2, 1, 0.12)',
        addedWord: 'rgba(1, 2, 250, 0.35)',
        removedWord: 'rgba(250, 2, 1, 0.35)',
        damagedReason: 'rgb(3, 4, 5)',
        damagedBorder: 'rgb(6, 7, 8)',
      });
      await s.page.evaluate(() => document.body.removeAttribute('style'));
      expect(await colours()).toEqual(base);
    });
  }

  it('light and dark bodies give the widgets different colours', async () => {
    await s.open(files, 'n.md');
    await s.page.evaluate(() => {
      document.body.className = 'theme-light';
    });
    const light = await colours();
    await s.page.evaluate(() => {
      document.body.className = 'theme-dark';
    });
    const dark = await colours();
    for (const key of ['widget', 'widgetText', 'addedLine', 'removedLine', 'damagedReason'] as const) expect(dark[key], key).not.toBe(light[key]);
    expect(dark.widget).toBe('rgb(38, 38, 38)');
  });
});
