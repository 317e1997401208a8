// Links in the chat's answers open their notes (one click handler for the whole list): a link the
// message's Task agent read a note for opens that note (citations.ts) at the heading or block it
// names, through `workspace.openLinkText` with the note's full path; any other internal link is
// resolved by Obsidian from the note the message was sent in. Ctrl or Cmd opens a new tab.
import { citedNote, notesRead } from '../../agents/chat/citations';
import type { ChatMessageRecord } from './chat-record';
import type { UntrustedRenderContext } from './untrusted-markdown';

export function openCitations(ctx: UntrustedRenderContext, container: HTMLElement, recordAt: (el: Element) => ChatMessageRecord | null): void {
  ctx.component.registerDomEvent(container, 'click', (evt) => {
    const a = evt.target instanceof Element ? evt.target.closest('a.internal-link') : null;
    if (!a) return;
    evt.preventDefault();
    const href = a.getAttribute('data-href') ?? a.getAttribute('href') ?? '';
    if (href === '') return;
    const record = recordAt(a);
    const cited = record === null ? null : citedNote(href, notesRead(record));
    const newTab = evt.ctrlKey || evt.metaKey;
    if (cited !== null) void ctx.app.workspace.openLinkText(`${cited.path}${cited.subpath}`, '', newTab);
    else void ctx.app.workspace.openLinkText(href, record?.currentNote ?? ctx.sourcePath, newTab);
  });
}
