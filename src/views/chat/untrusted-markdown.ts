// Model text is untrusted. It is rendered with Obsidian's Markdown renderer, but nothing in it may
// load a URL by being shown: a proposal could otherwise exfiltrate a note's contents through an
// image's address. So before rendering, image syntax and raw HTML are made literal text (outside
// code, where they are literal already); after rendering, anything that could still fetch
// (img, iframe, media, object) is removed as a second line of defence. External links stay links:
// they need a click, and show their address. Internal links open the note (citation-links.ts).
// Code is held out of the renderer altogether (held-code.ts), so no other plugin's processor (nor
// Reeve's own ai-edit widget) ever runs on model text; and what a processor adds later, after the
// render has returned, is sanitised as it arrives.
import { MarkdownRenderer, type App, type Component } from 'obsidian';
import { holdCode, restoreCode } from './held-code';

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Escapes image syntax (`![`), remote embeds and raw HTML in one line of prose, leaving code spans alone. */
function neutralizeProse(line: string): string {
  let out = '';
  let i = 0;
  while (i < line.length) {
    if (line[i] === '`') {
      const run = /^`+/.exec(line.slice(i))?.[0] ?? '`';
      const close = line.indexOf(run, i + run.length);
      if (close !== -1) {
        out += line.slice(i, close + run.length);
        i = close + run.length;
        continue;
      }
      out += run;
      i += run.length;
      continue;
    }
    const rest = line.slice(i);
    if (rest.startsWith('\\')) {
      out += rest.slice(0, 2);
      i += 2;
      continue;
    }
    if (rest.startsWith('![[')) {
      const end = rest.indexOf(']]');
      const target = end === -1 ? rest.slice(3) : rest.slice(3, end);
      // A vault embed stays; anything that looks like an address does not.
      out += /:\/\/|^\/\//.test(target) ? '\\!' : '!';
      i += 1;
      continue;
    }
    if (rest.startsWith('![')) {
      out += '\\!';
      i += 1;
      continue;
    }
    if (/^<[A-Za-z/!?]/.test(rest)) {
      out += '\\<';
      i += 1;
      continue;
    }
    out += line[i];
    i += 1;
  }
  return out;
}

/** The Markdown with every way to load a remote resource turned into literal text. */
export function neutralizeMarkdown(markdown: string): string {
  const lines = markdown.split('\n');
  let fence: string | null = null;
  return lines
    .map((line) => {
      const open = FENCE.exec(line);
      if (fence !== null) {
        if (open && open[1]?.[0] === fence[0] && (open[1]?.length ?? 0) >= fence.length && line.trim() === open[1]) fence = null;
        return line;
      }
      if (open) {
        fence = open[1] ?? '```';
        return line;
      }
      return neutralizeProse(line);
    })
    .join('\n');
}

const FETCHING = 'iframe, frame, object, embed, video, audio, source, picture, track, link, meta, base, form, script, style';
const SAFE_LINK = /^(https?:|mailto:|obsidian:|#)/i;
const LINK_REL = 'noopener noreferrer nofollow';

/** Whether `href` names a scheme, read as a browser reads it (leading controls and spaces skipped, tabs and newlines dropped). */
function hasScheme(href: string): boolean {
  let i = 0;
  while (i < href.length && href.charCodeAt(i) <= 0x20) i++;
  return /^[a-z][a-z0-9+.-]*:/i.test(href.slice(i).replace(/[\t\n\r]/g, ''));
}

/** `el` itself if it matches `selector`, then its descendants that do. */
function within(el: HTMLElement, selector: string): HTMLElement[] {
  return [...(el.matches(selector) ? [el] : []), ...Array.from(el.querySelectorAll<HTMLElement>(selector))];
}

/** Removes whatever could still load something in `el` (itself included), and marks external links as such. */
export function sanitizeRendered(el: HTMLElement): void {
  within(el, FETCHING).forEach((n) => n.remove());
  within(el, 'img').forEach((img) => {
    const src = img.getAttribute('src') ?? '';
    if (/^(app|blob|data):/i.test(src)) return;
    const placeholder = createSpan({ cls: 'reeve-chat-blocked', text: `[image not loaded: ${img.getAttribute('alt') ?? ''}]` });
    img.replaceWith(placeholder);
  });
  within(el, '[srcset], [background], [poster]').forEach((n) => {
    n.removeAttribute('srcset');
    n.removeAttribute('background');
    n.removeAttribute('poster');
  });
  within(el, 'a').forEach((a) => {
    const href = a.getAttribute('href') ?? '';
    if (a.hasClass('internal-link')) {
      // A wikilink's href is its target, and a note name cannot hold ':'. One that names a scheme
      // ([[javascript:…]]) is no note: without its href a middle click or "open link" cannot run it.
      if (hasScheme(href)) a.removeAttribute('href');
      return;
    }
    if (!SAFE_LINK.test(href)) a.removeAttribute('href');
    if (a.getAttribute('rel') !== LINK_REL) a.setAttr('rel', LINK_REL);
    if (a.getAttribute('target') !== '_blank') a.setAttr('target', '_blank');
    if (href !== '' && a.getAttribute('title') !== href) a.setAttr('title', href);
  });
}

export interface UntrustedRenderContext {
  app: App;
  component: Component;
  sourcePath: string;
}

/** Attributes through which a node added later could still fetch or link somewhere. */
const LATE_ATTRIBUTES = ['src', 'srcset', 'href', 'poster', 'background', 'data'];
const guarded = new WeakSet<HTMLElement>();

/**
 * Sanitises what changes inside `el` whenever it changes: a post-processor may add to its
 * elements after the render has returned (an asynchronous query's result, say), and a streaming
 * answer adds its blocks as they arrive. Only the nodes added and the elements whose attributes
 * changed are read again, so a long answer is not swept whole for each block added to it.
 */
export function guardLateAdditions(ctx: UntrustedRenderContext, el: HTMLElement): void {
  if (guarded.has(el)) return;
  guarded.add(el);
  const observer = new MutationObserver((records) => {
    const changed = new Set<HTMLElement>();
    for (const r of records) {
      if (r.type === 'attributes') {
        if (r.target.nodeType === Node.ELEMENT_NODE) changed.add(r.target as HTMLElement);
        continue;
      }
      // Added nodes are read by their type: one made in another document is no instance of this window's HTMLElement.
      r.addedNodes.forEach((n) => {
        if (n.nodeType === Node.ELEMENT_NODE) changed.add(n as HTMLElement);
      });
    }
    for (const n of changed) if (el.contains(n)) sanitizeRendered(n);
  });
  observer.observe(el, { childList: true, subtree: true, attributes: true, attributeFilter: LATE_ATTRIBUTES });
  ctx.component.register(() => observer.disconnect());
}

/**
 * Model text rendered, sanitised and with its code put back, as nodes not yet in the page (to be
 * placed in an element guarded by guardLateAdditions).
 */
export async function renderUntrustedNodes(ctx: UntrustedRenderContext, markdown: string): Promise<ChildNode[]> {
  const staging = createDiv();
  const { markdown: withoutCode, held } = holdCode(markdown);
  await MarkdownRenderer.render(ctx.app, neutralizeMarkdown(withoutCode), staging, ctx.sourcePath, ctx.component);
  sanitizeRendered(staging);
  restoreCode(staging, held);
  return Array.from(staging.childNodes);
}

/** Renders model text into `el` (emptied first). Internal links open notes; external ones need a click. */
export async function renderUntrusted(ctx: UntrustedRenderContext, markdown: string, el: HTMLElement): Promise<void> {
  guardLateAdditions(ctx, el);
  const nodes = await renderUntrustedNodes(ctx, markdown);
  el.empty();
  el.append(...nodes);
}
