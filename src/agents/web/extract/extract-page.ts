// A fetched page's main content as Markdown: Mozilla's Readability (Firefox's Reader View) finds
// the article, turndown writes it as Markdown. Images are dropped and links keep only their text:
// page text may end up in a note, and a proposal must not load anything from the web.

import Readability from '@mozilla/readability/Readability.js';
import TurndownService from 'turndown';

/** Parses HTML into a DOM: linkedom in the CLI, the browser's DOMParser in the plugin. */
export type ParseHtml = (html: string, url: string) => Document;

export interface ExtractedPage {
  title: string;
  markdown: string;
}

const NOT_CONTENT = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'form', 'button', 'input', 'select', 'textarea', 'svg', 'canvas', 'nav', 'footer']);

export function extractPage(body: string, contentType: string, url: string, parseHtml: ParseHtml): ExtractedPage {
  if (contentType === 'text/plain' || contentType === 'text/markdown') return { title: '', markdown: body.trim() };
  const doc = parseHtml(body, url);
  const pageTitle = (doc.title || '').trim();
  // Readability changes the document it reads; the fallback reads what is left of the body.
  let article: { title?: string | null; content?: Node | null } | null = null;
  try {
    article = new Readability<Node>(doc, { serializer: (node) => node, charThreshold: 200 }).parse();
  } catch {
    article = null;
  }
  const root = article?.content ?? doc.body ?? doc.documentElement;
  const markdown = root ? markdownOf(root) : '';
  return { title: (article?.title ?? pageTitle).trim() || pageTitle, markdown };
}

function markdownOf(root: Node): string {
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  turndown.remove((node) => NOT_CONTENT.has(node.nodeName.toLowerCase()));
  turndown.addRule('images', { filter: 'img', replacement: () => '' });
  turndown.addRule('links-as-text', { filter: 'a', replacement: (content) => content });
  return turndown
    .turndown(root as HTMLElement)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
