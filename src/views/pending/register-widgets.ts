// Registers the pending-block widgets: `ai-edit`, `ai-op` and `ai-plan` code blocks render as
// widgets in reading view and Live Preview. Each widget is a MarkdownRenderChild handed to the
// renderer, so its listeners are released when the block is re-rendered or the note closed.
import type { MarkdownPostProcessorContext, Plugin } from 'obsidian';
import { EDIT_INFO, OP_INFO } from '../../edits/pending/block-format';
import { EditBlockWidget } from './edit-widget';
import { OpBlockWidget } from './op-widget';
import { PLAN_INFO } from './plan-block';
import { PlanBlockWidget } from './plan-widget';
import type { WidgetDeps } from './widget-deps';

export type { WidgetDeps } from './widget-deps';

export function registerPendingBlockWidgets(plugin: Plugin, deps: WidgetDeps): void {
  plugin.registerMarkdownCodeBlockProcessor(EDIT_INFO, (source: string, el: HTMLElement, ctx: MarkdownPostProcessorContext) => {
    ctx.addChild(new EditBlockWidget(el, source, ctx.sourcePath, deps, () => ctx.getSectionInfo(el)?.lineStart ?? null));
  });
  plugin.registerMarkdownCodeBlockProcessor(OP_INFO, (source: string, el: HTMLElement, ctx: MarkdownPostProcessorContext) => {
    ctx.addChild(new OpBlockWidget(el, source, ctx.sourcePath, deps));
  });
  plugin.registerMarkdownCodeBlockProcessor(PLAN_INFO, (source: string, el: HTMLElement, ctx: MarkdownPostProcessorContext) => {
    ctx.addChild(new PlanBlockWidget(el, source, ctx.sourcePath, deps));
  });
}
