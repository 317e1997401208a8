// What the MCP tools need, in plain data both the CLI (`reeve mcp`) and the plugin can give: the
// vault, the one wall list, the Task's scope and capabilities, retrieval (the keyword index, and
// the semantic index when there is one), organize's settings, a clock, and a callback for each
// proposal that lands (the plugin shows a notice; the CLI logs to stderr).
import type { CompiledRule } from '../dsl/rules';
import type { ClientStates } from './client-state';
import type { EditCapability } from '../edits/scope/scope-policy';
import type { OwnerSettings } from '../agents/organize/owner/owner-settings';
import type { ScoringThresholds } from '../agents/organize/scoring/thresholds';
import type { Retrieval } from '../search/retrieval/retrieval';
import type { VaultPort } from '../vault-vfs/vault-port';

export interface McpProposedEvent {
  clientName: string;
  tool: 'propose_edits' | 'propose_organize';
  proposed: readonly { id: string; path: string }[];
  /** The plan note, for propose_organize. */
  planNote?: string;
}

export interface McpOrganizeSettings {
  /** Where plan notes go (a wall: the client never reads them). */
  planFolder: string;
  /** The user's rules, compiled (settings' rules through compiledRules); none: heuristics only. */
  rules?: readonly CompiledRule[];
  allowOutside?: boolean;
  allowTrash?: boolean;
  scoring?: ScoringThresholds;
  owner?: OwnerSettings;
  attachmentFolder?: string | null;
}

export interface VaultToolHostDeps {
  vault: VaultPort;
  /** The one wall list (settingsWalls: excluded, plan, chat and config folders, .trash; plus --exclude). */
  walls: readonly string[];
  /** What proposals may touch and do, as `ask --scope/--allow` and the Task settings say. */
  task: { scope: 'current' | 'linked' | 'context'; capabilities: readonly EditCapability[] };
  /** The note the user is in (the plugin's active note), for the current and linked scopes; the CLI has none. */
  currentNote?: () => string | null;
  /** Keyword search (and semantic, when built), link walks and folder listings. */
  retrieval: Retrieval;
  /**
   * Brings the vault (and what follows it: the keyword index) up to date before a tool runs, in
   * a process that does not hear of other programs' changes on its own (`reeve mcp`: the Node
   * vault catching up with the disk); the plugin's vault is Obsidian's, always current.
   */
  catchUp?: () => Promise<void>;
  /**
   * Organize's settings, or how to read them when propose_organize runs (the plugin: its settings
   * and Obsidian's own configuration as they are then, as the Organize command reads them).
   */
  organize: McpOrganizeSettings | (() => Promise<McpOrganizeSettings>);
  /**
   * What the host remembers of each client (the notes it read: its context), when it must outlive
   * the host: the plugin builds a new host when its settings change, and the agent keeps its context.
   */
  clients?: ClientStates;
  /** Refuses proposals while a job is interrupted (the message names reeve recover); null when clear. */
  proposalProblem?: () => Promise<string | null>;
  now?: () => Date;
  /** A new plan id (journal job ids). */
  newPlanId: () => string;
  onProposed?: (event: McpProposedEvent) => void;
}
