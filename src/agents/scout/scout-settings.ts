// Scout's settings: which tools it has, how long it explores, how many notes it may pick. Every
// tool can be turned off; the prompt then never mentions it and the model cannot call it.

export const SCOUT_TOOL_NAMES = [
  'update_selection',
  'search_keyword',
  'search_semantic',
  'search_task_relevant',
  'fetch_note',
  'get_links',
  'get_links_recursive',
  'list_notes',
  'view_all_notes',
  'explore_vault',
  'list_all_tags',
  'ask_user',
] as const;
export type ScoutToolName = (typeof SCOUT_TOOL_NAMES)[number];

export interface ScoutSettings {
  /** Tools turned off; `update_selection` cannot be (it is how Scout answers). */
  disabledTools: ScoutToolName[];
  /** Model calls at most, 2-10. */
  maxIterations: number;
  /** Notes it may select, 3-50. */
  maxNotes: number;
  /** Results of a keyword search, 3-20. */
  keywordLimit: number;
  /** Put the vault's tags with counts in the opening prompt. */
  showVaultTags: boolean;
}

export const DEFAULT_SCOUT_SETTINGS: ScoutSettings = { disabledTools: [], maxIterations: 5, maxNotes: 20, keywordLimit: 10, showVaultTags: false };

export const SCOUT_LIMITS = { maxIterations: [2, 10], maxNotes: [3, 50], keywordLimit: [3, 20] } as const;
