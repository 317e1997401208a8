// What the settings tab (and the chat view's scope line) call the agents' tools, capabilities and
// search providers, in sentence case, so the names read the same everywhere.
import type { ScoutToolName } from '../../agents/scout/scout-settings';
import type { SearchProviderKind } from '../../agents/web';
import type { EditCapability } from '../../edits/scope/scope-policy';

export const SCOUT_TOOL_LABELS: Record<ScoutToolName, { name: string; desc: string }> = {
  update_selection: { name: 'Update selection', desc: 'Keeps the selected notes current (always on).' },
  search_keyword: { name: 'Keyword search', desc: 'Searches titles, headings and text.' },
  search_semantic: { name: 'Semantic search', desc: 'Searches by meaning, when the semantic index is built.' },
  search_task_relevant: { name: 'Search for the request', desc: 'Searches with the request and the current note together.' },
  fetch_note: { name: 'Read a note', desc: "Reads a note's text." },
  get_links: { name: 'Links', desc: "Lists a note's links and backlinks." },
  get_links_recursive: { name: 'Follow links', desc: 'Follows links up to three deep.' },
  list_notes: { name: 'List notes', desc: 'Lists the notes of a folder with previews.' },
  view_all_notes: { name: 'View all notes', desc: 'Pages through every note name with its aliases or description.' },
  explore_vault: { name: 'Explore the vault', desc: "Shows a folder's contents or the notes with a tag." },
  list_all_tags: { name: 'List tags', desc: "Lists the vault's tags with counts." },
  ask_user: { name: 'Ask you', desc: 'Pauses the run with a question for you.' },
};

export const CAPABILITY_LABELS: Record<EditCapability, { name: string; desc: string }> = {
  add: { name: 'Allow additions', desc: 'Propose new lines in a note.' },
  delete: { name: 'Allow replacements and deletions', desc: 'Propose changing or removing lines.' },
  create: { name: 'Allow new notes', desc: 'Propose creating a note.' },
  navigate: { name: 'Allow opening notes', desc: 'Open a note for you (at once, not as a proposal).' },
};

export const SEARCH_PROVIDER_LABELS: Record<SearchProviderKind, string> = {
  brave: 'Brave Search',
  tavily: 'Tavily',
  serper: 'Serper (Google results)',
  searxng: 'SearXNG (self-hosted)',
  openai: 'OpenAI web search',
};

/** The providers' short names, for the key rows ("Brave API key") and where a key is sent. */
export const SEARCH_PROVIDER_NAMES: Record<SearchProviderKind, string> = {
  brave: 'Brave',
  tavily: 'Tavily',
  serper: 'Serper',
  searxng: 'SearXNG',
  openai: 'OpenAI',
};
