// Obsidian's MarkdownRenderer.render turns Markdown into live DOM: CommonMark with raw HTML
// allowed (images, iframes and all), bare URLs as external links, and [[wikilinks]] as
// `a.internal-link` with `data-href`. The mocks render nothing; this renders like Obsidian does
// (markdown-it), so what the chat view does with untrusted model text is tested against a
// renderer that would load a remote image if it were given one.
// Rendering also runs every plugin's processors, as Obsidian's does (obsidian.d.ts):
// `registerMarkdownCodeBlockProcessor` is "a special post processor that handles fenced code given
// a language": it removes the `<pre><code>` and hands a `<div>` to the handler with the block's
// source; `registerMarkdownPostProcessor` processors then see the rendered DOM ("Post processors can
// mutate the DOM to render various things"), which is where Dataview finds inline code such as
// `$= …` to run. The registry is the renderer's, not one plugin's: any plugin's processor runs on
// any rendered Markdown, until the plugin unloads. A language takes one code-block processor:
// registering a second throws "Code block postprocessor for language … is already registered"
// (observed in Obsidian, with another public plugin that registers `ai-edit`), and Obsidian reports
// the plugin as failed. The registry is per window in Obsidian; per App here (one App per window).
// Each top-level block is a section of its own,
// a `div.el-<tag>` (observed in Obsidian's reading view DOM), and a post-processor is called once
// per section with it, so what it adds to a section later lands in the rendered element.
import MarkdownIt from 'markdown-it';
import type { MarkdownPostProcessor, MarkdownPostProcessorContext } from 'obsidian';
import { type Component, MarkdownRenderer, Plugin } from 'obsidian-test-mocks/obsidian';

type CodeBlockHandler = (source: string, el: HTMLElement, ctx: MarkdownPostProcessorContext) => Promise<unknown> | void;

let installed = false;

const md = new MarkdownIt({ html: true, linkify: true });

interface Registry {
  codeBlocks: Map<string, CodeBlockHandler>;
  post: Set<MarkdownPostProcessor>;
}
const registries = new WeakMap<object, Registry>();

function registryOf(app: object): Registry {
  let r = registries.get(app);
  if (!r) registries.set(app, (r = { codeBlocks: new Map(), post: new Set() }));
  return r;
}

/** [[target|alias]] → a link Obsidian's way (outside code; good enough for the tests' texts). */
function wikilinks(text: string): string {
  return text.replace(/(!?)\[\[([^\]|#]+)(#[^\]|]*)?(?:\|([^\]]+))?\]\]/g, (_m, bang: string, target: string, sub: string | undefined, alias: string | undefined) => {
    if (bang) return `![${alias ?? target}](${target})`;
    const href = `${target}${sub ?? ''}`;
    return `<a class="internal-link" data-href="${href}" href="${href}">${alias ?? target}</a>`;
  });
}

function installProcessorRegistry(): void {
  type Registering = Plugin & { register(cb: () => void): void; app: object };
  const proto = Plugin.prototype as unknown as Registering;
  const codeBlock = proto.registerMarkdownCodeBlockProcessor;
  proto.registerMarkdownCodeBlockProcessor = function (this: Registering, language: string, handler: CodeBlockHandler, sortOrder?: number) {
    const { codeBlocks } = registryOf(this.app);
    if (codeBlocks.has(language)) throw new Error(`Code block postprocessor for language ${language} is already registered`);
    codeBlocks.set(language, handler);
    this.register(() => {
      if (codeBlocks.get(language) === handler) codeBlocks.delete(language);
    });
    return codeBlock.call(this, language, handler as never, sortOrder);
  } as typeof proto.registerMarkdownCodeBlockProcessor;
  const post = proto.registerMarkdownPostProcessor;
  proto.registerMarkdownPostProcessor = function (this: Registering, processor: MarkdownPostProcessor, sortOrder?: number) {
    const { post: registered } = registryOf(this.app);
    registered.add(processor);
    this.register(() => registered.delete(processor));
    return post.call(this, processor as never, sortOrder);
  } as typeof proto.registerMarkdownPostProcessor;
}

async function runProcessors(app: object, sections: HTMLElement[], sourcePath: string, component: Component): Promise<void> {
  const { codeBlocks, post } = registryOf(app);
  const ctx: MarkdownPostProcessorContext = {
    docId: 'rendered',
    sourcePath,
    frontmatter: null,
    addChild: (child) => component.addChild(child as never),
    getSectionInfo: () => null,
  };
  for (const code of sections.flatMap((el) => [...el.querySelectorAll('pre > code')])) {
    const language = [...code.classList].find((c) => c.startsWith('language-'))?.slice('language-'.length);
    const handler = language === undefined ? undefined : codeBlocks.get(language);
    if (!handler) continue;
    const div = createDiv();
    code.parentElement?.replaceWith(div);
    await handler((code.textContent ?? '').replace(/\n$/, ''), div, ctx);
  }
  for (const section of sections) for (const processor of post) await processor(section, ctx);
}

export function installFaithfulMarkdown(): void {
  if (installed) return;
  installed = true;
  installProcessorRegistry();
  MarkdownRenderer.render = async (app: object, markdown: string, el: HTMLElement, sourcePath: string, component: Component): Promise<void> => {
    const html = md.render(wikilinks(markdown));
    // Parsed in an inert document, then adopted: like Obsidian, the nodes go live in `el`.
    const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
    const sections: HTMLElement[] = [];
    for (const node of [...parsed.body.childNodes]) {
      if (node.nodeType !== Node.ELEMENT_NODE) continue;
      const section = el.createDiv({ cls: `el-${(node as Element).tagName.toLowerCase()}` });
      section.appendChild(el.ownerDocument.importNode(node, true));
      sections.push(section);
    }
    el.querySelectorAll('a[href^="http"]').forEach((a) => a.classList.add('external-link'));
    await runProcessors(app, sections, sourcePath, component);
  };
}
