// The chat for keyboard and screen-reader users, in Chromium: a polite live region says when a
// phase starts and ends, when a run ends and what went wrong, never the streamed text; the user's
// message and the agents' output are landmarks of their own; every button and link is named by
// what it shows; every control Tab reaches shows a focus ring; Escape stops a run, closes History
// (the focus back on its button) and closes the [[ list. And text in status colours (risk badges,
// "not proposed here", history dates) reaches 4.5:1 against what is behind it, light and dark.
import { describe, expect, it } from 'vitest';
import { SOLAR_VAULT } from '../agents/pipeline/ask-fixtures';
import { reply } from '../llm-server';
import { PLAN_NOTE, planVault } from '../views/plan-fixture';
import { useChatSession } from './chat-session';

const chat = useChatSession();
const page = () => chat.s.page;
const ANSWER = 'The roof costs about 9,500 EUR: the panels 8,000 EUR and the inverter 1,500 EUR.';

async function openChat(): Promise<void> {
  await page().setViewportSize({ width: 360, height: 700 });
  chat.s.pageErrors.length = 0;
  await page().evaluate(([files, o]) => window.reeve.openChat(files, o), [SOLAR_VAULT, { llmBaseUrl: chat.llm.openaiBaseUrl, active: 'Projects/Solar.md', agents: { scout: false, web: false, task: true } }] as const);
}

async function send(text: string): Promise<void> {
  await page().getByRole('textbox', { name: 'Message' }).fill(text);
  await page().keyboard.press('Enter');
}

const announced = (): Promise<string[]> => page().locator('#chat [role="status"][aria-live="polite"] > div').allInnerTexts();

describe('the chat for keyboard and screen-reader users', () => {
  it('announces phases, the end of a run and errors politely, never the streamed text; message and answer are landmarks', async () => {
    await openChat();
    chat.llm.script(reply.turn({ text: ANSWER }, { chunkDelayMs: 5 }));
    await send('What will the roof cost?');
    await page().evaluate(() => window.reeve.chatIdle());
    await page().waitForFunction(() => (document.querySelector('#chat [role="status"]')?.textContent ?? '').includes('complete'));
    expect(await announced()).toEqual(['Task is working.', 'Task done.', 'The answer is complete.']);
    expect(await page().getByRole('region', { name: 'Your message' }).innerText()).toBe('What will the roof cost?');
    expect(await page().getByRole('region', { name: 'Reeve’s answer' }).innerText()).toContain(ANSWER);
    chat.llm.script(reply.error(400, 'The model `gpt-5` does not exist'));
    await send('And the inverter?');
    await page().evaluate(() => window.reeve.chatIdle());
    const said = (await announced()).join('\n');
    expect(said).toMatch(/Error in Task: .*does not exist/);
    expect(said).toContain('The run ended with an error.');
    expect(said).not.toContain('9,500');
    // The model's 400 is the browser's console error for that request, and nothing else.
    expect(chat.s.pageErrors.filter((e) => !e.includes('status of 400'))).toEqual([]);
  });

  it('names every button and link by the words it shows', async () => {
    await openChat();
    chat.llm.script(reply.text(ANSWER));
    await send('What will the roof cost?');
    await page().evaluate(() => window.reeve.chatIdle());
    await page().getByRole('button', { name: 'History' }).click();
    await page().locator('.reeve-chat-history-open').first().waitFor();
    const deleteButton = page().getByRole('button', { name: /^Delete chat:/ });
    await deleteButton.click();
    const mismatched = await page().evaluate(() =>
      [...document.querySelectorAll('#chat button, #chat a')]
        .filter((el) => (el as HTMLElement).offsetParent !== null)
        .map((el) => ({ shown: (el as HTMLElement).innerText.replace(/[↓×]/g, '').trim(), name: el.getAttribute('aria-label') }))
        // An icon-only control (×) has only its name; any other name contains what the control shows.
        .filter(({ shown, name }) => shown !== '' && name !== null && !name.toLowerCase().includes(shown.toLowerCase()))
        .map(({ shown, name }) => `"${shown}" named "${name ?? ''}"`),
    );
    expect(mismatched).toEqual([]);
    expect(await page().getByRole('button', { name: /^Delete for good\?/ }).count()).toBe(1);
  });

  it('shows a focus ring on every control Tab reaches', async () => {
    await openChat();
    chat.llm.script(reply.text(ANSWER));
    await send('What will the roof cost?');
    await page().evaluate(() => window.reeve.chatIdle());
    await page().getByRole('button', { name: 'New chat' }).focus();
    const seen: string[] = [];
    const ringless: string[] = [];
    for (let i = 0; i < 20; i++) {
      const f = await page().evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || !el.closest('#chat')) return null;
        // Compared with a copy beside it that has no focus: Obsidian's buttons have a shadow of their own.
        const copy = el.cloneNode(false) as HTMLElement;
        el.insertAdjacentElement('beforebegin', copy);
        const look = (x: Element): string => {
          const s = getComputedStyle(x);
          return `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} ${s.boxShadow}`;
        };
        const ring = look(el) !== look(copy);
        copy.remove();
        return { what: `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.innerText.slice(0, 30)}`, ring };
      });
      if (f === null) break;
      seen.push(f.what);
      if (!f.ring) ringless.push(f.what);
      await page().keyboard.press('Tab');
    }
    expect(seen.length).toBeGreaterThan(5);
    expect(ringless).toEqual([]);
  });

  it('Escape stops a run, closes History (focus back on its button) and closes the [[ list', async () => {
    await openChat();
    chat.llm.script(reply.turn({ text: 'Partial answer that keeps going. '.repeat(80) }, { chunkDelayMs: 20 }));
    await send('Tell me everything.');
    await page().locator('.reeve-chat-answer.is-streaming').waitFor();
    await page().keyboard.press('Escape');
    await page().evaluate(() => window.reeve.chatIdle());
    expect(await page().locator('.reeve-chat-stopped').innerText()).toBe('Stopped. What arrived before is kept.');
    // The cut-off reply reported no usage: the chat says the cost is unknown, not $0.
    expect(await page().locator('.reeve-chat-total').innerText()).toBe('Chat: usage not reported · cost unknown');
    const history = page().getByRole('button', { name: 'History' });
    await history.focus();
    await page().keyboard.press('Enter');
    await page().getByRole('region', { name: 'Saved chats' }).waitFor();
    expect(await history.getAttribute('aria-expanded')).toBe('true');
    await page().locator('.reeve-chat-history-open').first().focus();
    await page().keyboard.press('Escape');
    await page().getByRole('region', { name: 'Saved chats' }).waitFor({ state: 'hidden' });
    expect(await history.getAttribute('aria-expanded')).toBe('false');
    expect(await history.evaluate((el) => el === document.activeElement)).toBe(true);
    await page().getByRole('textbox', { name: 'Message' }).focus();
    await page().keyboard.type('See [[Bud');
    const list = page().getByRole('listbox', { name: 'Notes to link' });
    await list.waitFor();
    await page().keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });
    expect(await page().getByRole('textbox', { name: 'Message' }).inputValue()).toBe('See [[Bud');
    expect(chat.s.pageErrors).toEqual([]);
  });
});

/** Contrast of each element's text against what is behind it (ancestors' backgrounds composited over the body's). */
function contrasts(selectors: string[]): Promise<Record<string, number>> {
  return page().evaluate((sels) => {
    const parse = (c: string): [number, number, number, number] => {
      const srgb = /color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.]+))?\)/.exec(c);
      if (srgb) return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255, srgb[4] === undefined ? 1 : Number(srgb[4])];
      const rgb = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(c);
      if (!rgb) throw new Error(`cannot read the colour ${c}`);
      return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])];
    };
    const over = (top: number[], under: number[]): number[] => [0, 1, 2].map((i) => (top[i] ?? 0) * (top[3] ?? 1) + (under[i] ?? 0) * (1 - (top[3] ?? 1)));
    const lum = (c: number[]): number => {
      const [r, g, b] = c.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
    };
    const out: Record<string, number> = {};
    for (const sel of sels) {
      const el = document.querySelector(sel);
      if (!el) throw new Error(`no ${sel}`);
      const chain: Element[] = [];
      for (let n: Element | null = el; n; n = n.parentElement) chain.unshift(n);
      let bg = [255, 255, 255];
      for (const n of chain) bg = over(parse(getComputedStyle(n).backgroundColor), bg);
      const fg = over(parse(getComputedStyle(el).color), bg);
      const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
      out[sel] = Math.round(((a ?? 0) + 0.05) / ((b ?? 0) + 0.05) * 100) / 100;
    }
    return out;
  }, selectors);
}

describe('contrast of status text', () => {
  for (const theme of ['theme-light', 'theme-dark']) {
    it(`${theme}: risk badges, "not proposed here" and history dates reach 4.5:1`, async () => {
      // The plan's operations at every risk; a block the ledger does not know carries the warning.
      await chat.s.open(planVault(), PLAN_NOTE);
      await page().evaluate((t) => {
        document.body.className = t;
      }, theme);
      await page().locator('.reeve-risk.is-medium').first().waitFor({ state: 'attached' });
      await page().evaluate(() => {
        // Organize rates its own risks (this plan has none high): a high badge as the widget draws one, in its header.
        const low = document.querySelector('.reeve-risk.is-low');
        low?.insertAdjacentElement('afterend', createSpan({ cls: ['reeve-badge', 'reeve-risk', 'is-high'], text: 'High risk' }));
        const widget = document.querySelector('.reeve-op');
        widget?.createDiv({ cls: 'reeve-pending-unrecorded', text: 'Not proposed here: typed by hand. Read it before accepting.' });
      });
      const widgets = await contrasts(['.reeve-risk.is-low', '.reeve-risk.is-medium', '.reeve-risk.is-high', '.reeve-pending-unrecorded']);
      await openChat();
      await page().evaluate((t) => {
        document.body.className = t;
      }, theme);
      chat.llm.script(reply.text(ANSWER));
      await send('What will the roof cost?');
      await page().evaluate(() => window.reeve.chatIdle());
      await page().getByRole('button', { name: 'History' }).click();
      await page().locator('.reeve-chat-history-date').first().waitFor();
      const chatParts = await contrasts(['.reeve-chat-history-date']);
      for (const [sel, ratio] of Object.entries({ ...widgets, ...chatParts })) expect(ratio, `${theme} ${sel}`).toBeGreaterThanOrEqual(4.5);
    });
  }
});
