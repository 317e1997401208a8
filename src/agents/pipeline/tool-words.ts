// A tool call in words, for the timeline: "searched 'solar'", "followed links 2 deep from
// [[Project]]". Arguments are the model's raw JSON; anything unreadable is described plainly.

type Args = Record<string, unknown>;

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function note(v: unknown): string {
  return `[[${str(v).replace(/\.md$/i, '')}]]`;
}

function dir(v: unknown): string {
  return v === 'in' ? 'backlinks of' : v === 'out' ? 'links from' : 'links of';
}

const WORDS: Record<string, (a: Args) => string> = {
  search_keyword: (a) => `searched '${str(a.query)}'`,
  search_semantic: (a) => `searched by meaning '${str(a.query)}'`,
  search_task_relevant: () => 'searched for notes relevant to the request',
  fetch_note: (a) => `read ${note(a.path)}`,
  get_links: (a) => `looked at the ${dir(a.direction)} ${note(a.path)}`,
  get_links_recursive: (a) => `followed links ${typeof a.depth === 'number' ? a.depth : '?'} deep from ${note(a.path)}`,
  list_notes: (a) => `listed the notes in ${str(a.folder) || 'the vault'}`,
  view_all_notes: (a) => `viewed all notes${typeof a.offset === 'number' && a.offset > 0 ? ` from ${a.offset + 1}` : ''}`,
  explore_vault: (a) => (typeof a.tag === 'string' ? `explored the tag #${a.tag.replace(/^#/, '')}` : `explored ${str(a.folder) || 'the vault root'}`),
  list_all_tags: () => 'listed the tags',
  update_selection: (a) => `selected ${Array.isArray(a.selectedPaths) ? a.selectedPaths.length : 0} notes (${str(a.confidence)})`,
  ask_user: () => 'asked you a question',
  evaluate_context: (a) => (a.sufficient === true ? 'judged the vault context sufficient' : 'judged that the web is needed'),
  web_search: (a) => `searched the web for '${str(a.query)}'`,
  select_pages: (a) => `chose ${Array.isArray(a.urls) ? a.urls.length : 0} pages to read`,
  finalize_web_context: () => 'summarised what the web said',
  propose_edits: (a) => `answered${Array.isArray(a.edits) && a.edits.length > 0 ? ` with ${a.edits.length} edits` : ''}`,
};

export function describeToolCall(name: string, rawArguments: string): string {
  let args: Args | null = null;
  try {
    const parsed: unknown = JSON.parse(rawArguments || '{}');
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) args = parsed as Args;
  } catch {
    // described without arguments
  }
  const words = WORDS[name];
  if (!words) return `called ${name.length > 64 ? `${name.slice(0, 64)}…` : name}`;
  // Unreadable arguments are said as such, not filled in as "searched ''".
  return args === null ? `tried ${name.replace(/_/g, ' ')} with arguments that could not be read` : words(args).slice(0, 200);
}
