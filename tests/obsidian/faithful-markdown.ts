// Obsidian's MarkdownRenderer.render turns Markdown into live DOM: CommonMark with raw HTML
// allowed (images, iframes and all), bare URLs as external links, and [[wikilinks]] as
// `a.internal-link` with `data-href`. The mocks render nothing; this renders like Obsidian does
// (markdown-it), so what the chat view does with untrusted model text is tested against a
// renderer that would load a remote image if it were given one.
import MarkdownIt from 'markdown-it';
import { MarkdownRenderer } from 'obsidian-test-mocks/obsidian';

let installed = false;

const md = new MarkdownIt({ html: true, linkify: true });

/** [[target|alias]] → a link Obsidian's way (outside code; good enough for the tests' texts). */
function wikilinks(text: string): string {
  return text.replace(/(!?)\[\[([^\]|#]+)(#[^\]|]*)?(?:\|([^\]]+))?\]\]/g, (_m, bang: string, target: string, sub: string | undefined, alias: string | undefined) => {
    if (bang) return `![${alias ?? target}](${target})`;
    const href = `${target}${sub ?? ''}`;
    return `<a class="internal-link" data-href="${href}" href="${href}">${alias ?? target}</a>`;
  });
}

export function installFaithfulMarkdown(): void {
  if (installed) return;
  installed = true;
  MarkdownRenderer.render = (_app: unknown, markdown: string, el: HTMLElement): Promise<void> => {
    const html = md.render(wikilinks(markdown));
    // Parsed in an inert document, then adopted: like Obsidian, the nodes go live in `el`.
    const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
    for (const node of [...parsed.body.childNodes]) el.appendChild(el.ownerDocument.importNode(node, true));
    el.querySelectorAll('a[href^="http"]').forEach((a) => a.classList.add('external-link'));
    return Promise.resolve();
  };
}
