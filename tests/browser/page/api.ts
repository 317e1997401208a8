// What the test page exposes as `window.reeve`, shared by the page bundle and the tests that
// drive it through Playwright's page.evaluate.
export interface ReevePage {
  /**
   * A fresh vault holding `files` ('Folder/': '' makes a folder), with `note` rendered into the page
   * and the body back to the light theme with no overridden variables.
   */
  open(files: Record<string, string>, note: string): Promise<void>;
  /** Renders the note again, as Obsidian does when the note changes. */
  rerender(): Promise<void>;
  read(path: string): Promise<string>;
  exists(path: string): Promise<boolean>;
  /** Every Notice shown since the last open(). */
  notices(): string[];
  /** Jobs the widgets reported done (what "Undo last organize" would use). */
  jobs(): string[];
  /** The chat view on a fresh vault holding `files`, talking to the scripted model server. */
  openChat(files: Record<string, string>, options: ChatPageOptions): Promise<void>;
  /** Reads a note of the open chat's vault. */
  chatRead(path: string): Promise<string>;
  /** The saved chats' requests and edit states, as the chat store holds them. */
  chatSaved(): Promise<{ title: string; requests: string[]; edits: string[] }[]>;
  /** Resolves when the chat's current run has ended (or at once when none runs). */
  chatIdle(): Promise<void>;
  /** Closes the chat view and opens a new one on the same vault with the state the workspace saved (a reload). */
  chatReload(): Promise<void>;
  /** The note the main area shows and the ephemeral state (eState) its leaf was opened with. */
  chatMainLeaf(): { file: string | null; eState: Record<string, unknown> };
  /** Accepts or rejects an edit block in its note with the widget's code path; the outcome's status. */
  chatDecideInNote(file: string, id: string, decision: 'accept' | 'reject'): Promise<string>;
  /** Undoes the newest job in the journal, as the undo command does. */
  chatUndo(): Promise<void>;
  /** Renames a note of the chat's vault as Obsidian does (links updated). */
  chatRename(from: string, to: string): Promise<void>;
  /** Writes a note of the chat's vault by hand. */
  chatWrite(path: string, text: string): Promise<void>;
  /** Resolves when the chat view has read the edit states again after the notes changed. */
  chatFollowed(): Promise<void>;
  /** Changes the plugin's settings the chat host reads, as the settings tab would. */
  chatSettings(change: { scope?: 'current' | 'linked' | 'context'; promptFolder?: string; excludedFolders?: string[]; anthropicKey?: string }): void;
  /** Opens `path` in the main area (a Markdown view with an editor) and puts its cursor at `line`, `ch` (selecting up to `to` when given). */
  chatOpenNote(path: string, line: number, ch: number, to?: { line: number; ch: number }): Promise<void>;
  /** What the command "Ask about the selection" does, with the editor of the note in the main area. */
  chatAskAboutSelection(): void;
  /** The cursor of the note open in the main area, and its editor's text. */
  chatEditor(): { line: number; ch: number; text: string } | null;
  /** The chat-render benchmark (tests/browser/page/chat-bench.ts) on the open chat view. */
  benchChat(n: number, mode: 'view' | 'plain'): Promise<{ openMs: number; streamLongestFrameMs: number; scrollLongestFrameMs: number; drawnMessages: number }>;
  /** The chat-render benchmark's long streamed answer (tests/browser/page/stream-bench.ts). */
  benchStream(chars: number, deltaChars: number, mode: 'view' | 'plain'): Promise<{ longestFrameMs: number; finishMs: number; chars: number; frames: number }>;
}

export interface ChatPageOptions {
  llmBaseUrl: string;
  active?: string;
  agents?: { scout: boolean; web: boolean; task: boolean };
  streaming?: boolean;
  theme?: 'light' | 'dark';
  mobile?: boolean;
}

declare global {
  interface Window {
    reeve: ReevePage;
  }
}
