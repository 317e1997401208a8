// Registers the pending-block widgets: `ai-edit`, `ai-op` and `ai-plan` code blocks render as
// widgets in reading view and Live Preview. Each widget is a MarkdownRenderChild handed to the
// renderer, so its listeners are released when the block is re-rendered or the note closed.
// A language takes one processor in Obsidian: when another plugin registered one of these names
// first, Obsidian throws. Reeve then loads everything else and says which blocks it cannot show.
import { type MarkdownPostProcessorContext, Notice, type Plugin } from 'obsidian';
import { EDIT_INFO, OP_INFO } from '../../edits/pending/block-format';
import { EditBlockWidget } from './edit-widget';
import { OpBlockWidget } from './op-widget';
import { PLAN_INFO } from './plan-block';
import { PlanBlockWidget } from './plan-widget';
import type { WidgetDeps } from './widget-deps';

export type { WidgetDeps } from './widget-deps';

type Processor = (source: string, el: HTMLElement, ctx: MarkdownPostProcessorContext) => void;

/** Registers the widgets; returns the block languages another plugin had taken (shown in a notice). */
export function registerPendingBlockWidgets(plugin: Plugin, deps: WidgetDeps): string[] {
  const processors: [string, Processor][] = [
    [EDIT_INFO, (source, el, ctx) => ctx.addChild(new EditBlockWidget(el, source, ctx.sourcePath, deps, () => ctx.getSectionInfo(el)?.lineStart ?? null))],
    [OP_INFO, (source, el, ctx) => ctx.addChild(new OpBlockWidget(el, source, ctx.sourcePath, deps))],
    [PLAN_INFO, (source, el, ctx) => ctx.addChild(new PlanBlockWidget(el, source, ctx.sourcePath, deps))],
  ];
  const taken: string[] = [];
  for (const [language, processor] of processors) {
    try {
      plugin.registerMarkdownCodeBlockProcessor(language, processor);
    } catch {
      taken.push(language);
    }
  }
  if (taken.length > 0) {
    const names = taken.map((t) => `"${t}"`).join(', ');
    new Notice(
      `Reeve: another plugin already shows ${names} blocks, so Reeve cannot show its Accept and Reject buttons on them. Everything else works, and "reeve pending" in a terminal still lists and decides them.`,
    );
  }
  return taken;
}
