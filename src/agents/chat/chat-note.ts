// A chat as a Markdown note ("Export to note"): the requests, the answers, the edits with what came
// of them, and the tokens and cost of each message. The answers are model text, and a note is
// rendered by Obsidian: remote images and embedded HTML that would load something are defused
// (an image becomes a plain link, the tag is shown as text), so opening the note requests nothing.
// Code is only code: Obsidian hands a fenced block to whatever plugin registered its language
// (`dataviewjs` runs JavaScript, `ai-edit` would draw Reeve's own Accept button) and Dataview runs
// inline code that starts with `$=` or `=`; so fences lose their language and such inline code
// starts with a zero-width space, which shows nothing and matches no prefix.

import type { Chat, ChatMessageRecord } from './chat-types';

/** A fence opener, inside quotes and list items too: its indent and markers, the fence, its info string. */
const FENCE_INFO = /^([ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+[ \t>]*)*)(`{3,}[^`\n]*|~{3,}.*)$/gm;
/** A code span whose text starts with Dataview's inline query prefixes. */
const INLINE_QUERY = /(`+)([ \t]*)(\$?=)/g;

const LOADING_TAGS = /<(\/?)(img|iframe|video|audio|source|object|embed|link|style|script|picture|svg|frame|meta|base|form|input)\b/gi;

/** Model text made safe to render in a note: nothing in it loads a URL by itself. */
export function defuseMarkdown(text: string): string {
  return (
    text
      // ![alt](https://…), ![alt](<https://…>), ![alt](//host/…): a link to click, no request on render.
      .replace(/!\[([^\]]*)\]\(\s*<?((?:[a-z][a-z0-9+.-]*:|\/\/)[^)>\s]*)>?[^)]*\)/gi, (_m, alt: string, url: string) => `[${alt === '' ? 'image' : `image: ${alt}`}](${url})`)
      // ![alt][ref] images by reference.
      .replace(/!\[([^\]]*)\]\[([^\]]*)\]/g, (_m, alt: string, ref: string) => `[${alt}][${ref}]`)
      .replace(LOADING_TAGS, (_m, slash: string, tag: string) => `&lt;${slash}${tag}`)
      .replace(FENCE_INFO, (_m, lead: string, fence: string) => lead + /^(`+|~+)/.exec(fence)![1]!)
      .replace(INLINE_QUERY, '$1$2\u200b$3')
  );
}

function usd(n: number): string {
  return n === 0 ? '$0' : n < 0.01 ? `$${n.toFixed(4)}` : `$${n.toFixed(2)}`;
}

function linkTo(path: string): string {
  return `[[${path.replace(/\.md$/i, '')}]]`;
}

function messageMarkdown(m: ChatMessageRecord, index: number): string {
  const agents = (['scout', 'web', 'task'] as const).filter((a) => m.agents[a]).join(', ');
  const lines = [`## ${index + 1}. You`, '', `*${m.turn.at || 'time unknown'} · ${agents}${m.currentNote ? ` · in ${linkTo(m.currentNote)}` : ''}*`, '', defuseMarkdown(m.request), '', '### Reeve', ''];
  lines.push(m.turn.answer.trim() === '' ? '*(no answer)*' : defuseMarkdown(m.turn.answer));
  if (m.stopped) lines.push('', '*Stopped before it finished.*');
  if (m.error !== null) lines.push('', `*Error: ${defuseMarkdown(m.error)}*`);
  if (m.question !== null) lines.push('', `*Waiting for an answer to: ${defuseMarkdown(m.question)}*`);
  if (m.turn.edits.length > 0) {
    lines.push('', 'Edits:');
    for (const e of m.turn.edits) lines.push(`- ${e.type} in ${linkTo(e.file)}: ${e.state}${e.reason ? ` (${defuseMarkdown(e.reason)})` : ''}`);
  }
  const u = m.total.usage;
  const tokens = `${(u.inputTokens + u.outputTokens).toLocaleString('en-US')} tokens (${u.inputTokens.toLocaleString('en-US')} in, ${u.outputTokens.toLocaleString('en-US')} out)`;
  // A stopped or failed run spent tokens its provider never reported (a reply cut off reports no
  // usage): what was reported is a floor, never "$0", as the chat view says.
  const whole = !m.stopped && m.error === null;
  const spent = whole ? `${tokens}, ${usd(m.total.costUsd)}` : u.inputTokens + u.outputTokens === 0 ? 'usage not reported, cost unknown' : `${tokens} reported, at least ${usd(m.total.costUsd)}`;
  lines.push('', `*${spent}*`, '');
  return lines.join('\n');
}

export function chatToMarkdown(chat: Chat): string {
  const cost = chat.messages.reduce((s, m) => s + m.total.costUsd, 0);
  const front = ['---', `reeve-chat: ${chat.id}`, `created: ${chat.createdAt}`, `updated: ${chat.updatedAt}`, '---', ''];
  const head = [`# ${defuseMarkdown(chat.title)}`, '', `*${chat.messages.length} message${chat.messages.length === 1 ? '' : 's'}, ${usd(cost)} in all. Exported from Reeve.*`, ''];
  return [...front, ...head, ...chat.messages.map(messageMarkdown)].join('\n');
}
