// What the pending-block widgets need from the plugin: the vault, and the scope policies that are
// checked again when the user accepts (the plugin builds them from its settings).
import type { ScopePolicy } from '../../edits/scope/scope-policy';
import type { VaultPort } from '../../vault-vfs/vault-port';

export interface WidgetDeps {
  /** The vault the blocks live in (read fresh at every click, so settings changes apply). */
  port: () => VaultPort;
  /** The policy organize operations of a plan for `folder` ('' for the vault root) are held to. */
  organizePolicy: (folder: string) => ScopePolicy;
  /** The policy an accepted edit of `note` is held to. */
  editPolicy: (note: string) => ScopePolicy;
  /** Called with the journal's job id after accepted operations ran (for "Undo last organize"). */
  onJobDone?: (jobId: string) => void;
}
