// Tells the user that an outside agent proposed something: a notice naming the client and the
// notes, each a link that opens the note where the pending blocks wait for Accept or Reject.
import { type App, Notice } from 'obsidian';

/** What `onProposed` reports (the shape createVaultToolHost's callback gives). */
export interface ProposedByAgent {
  readonly clientName: string;
  readonly tool: string;
  readonly proposed: readonly { readonly id: string; readonly path: string }[];
}

/** Shows the notice; returns it (tests click its links). */
export function showProposalNotice(app: App, proposal: ProposedByAgent): Notice | null {
  const paths = [...new Set(proposal.proposed.map((p) => p.path))];
  if (paths.length === 0) return null;
  const count = proposal.proposed.length;
  const fragment = createFragment((f) => {
    f.createDiv({ text: `Reeve: ${proposal.clientName} proposed ${count} change${count === 1 ? '' : 's'} for you to review:` });
  });
  // Stays until dismissed: the user may be elsewhere when the agent proposes.
  const notice = new Notice(fragment, 0);
  const list = notice.messageEl.createEl('ul', { cls: 'reeve-mcp-proposed' });
  for (const path of paths.slice(0, 5)) {
    const link = list.createEl('li').createEl('a', { text: path, href: '#', cls: 'internal-link' });
    link.addEventListener('click', (e) => {
      e.preventDefault();
      notice.hide();
      void app.workspace.openLinkText(path, '', false);
    });
  }
  if (paths.length > 5) list.createEl('li', { text: `and ${paths.length - 5} more` });
  return notice;
}
