// What the chat view needs from the plugin, and nothing more: the agents' toggles and context
// settings (persisted in data.json), how to build a run's AskDeps, the chat store, and the
// pending widgets' deps (Accept all goes through the same journal and ledger as the widgets).
import type { App } from 'obsidian';
import type { AskDeps } from '../../agents/pipeline/run-pipeline';
import type { PhaseName } from '../../agents/pipeline/pipeline-events';
import type { TaskContext } from '../../agents/pipeline/task-context';
import type { WidgetDeps } from '../pending/widget-deps';
import type { ChatStoreLike } from './chat-record';
import type { Wall } from '../../search/retrieval/walls';
import type { PromptList, PromptScope } from '../../agents/chat/saved-prompts';
import type { ModelOption } from '../../settings/model-switch';

/** What one message runs with instead of the settings: a saved prompt's scope, the models picked in the composer. */
export interface RunOverrides {
  scope?: PromptScope;
  /** Keys of model-switch.ts's options. */
  plan?: string;
  explore?: string;
}

export interface ContextChoice {
  depth: number;
  sameFolder: boolean;
}

export interface ChatHost {
  app: App;
  agents(): Record<PhaseName, boolean>;
  setAgents(agents: Record<PhaseName, boolean>): Promise<void>;
  context(): ContextChoice;
  setContext(context: ContextChoice): Promise<void>;
  /** The Task agent's token limit, which the context pills are measured against. */
  taskTokenLimit(): number;
  /** Edit scope and capabilities in one line ("Edits: linked notes · add, delete"). */
  scopeLine(): string;
  /** The one wall list as a test, built from the settings as they are now: a walled note is never offered or sent. */
  wall(): Wall;
  openSettings(): void;
  /** The run's dependencies; throws an Error whose message the user can act on. */
  askDeps(askUser: AskDeps['askUser'], overrides?: RunOverrides): Promise<AskDeps>;
  /** The models the composer offers (model-switch.ts), and the settings' own for each phase. */
  models(): { options: ModelOption[]; labels: Map<string, string>; plan: string | null; explore: string | null };
  /** The saved prompts in the folder the settings name (saved-prompts.ts). */
  savedPrompts(): Promise<PromptList>;
  /** The notes the Task agent would read without Scout, with their tokens (for the pills). */
  contextPreview(request: { currentNote: string | null; depth: number; sameFolder: boolean; manual: string[] }): Promise<TaskContext | null>;
  /** True when model replies arrive whole (mobile's requestUrl), so the view says so while waiting. */
  streams(): boolean;
  store: ChatStoreLike;
  widgetDeps: WidgetDeps;
}
