// @vitest-environment happy-dom
// When an outside agent proposed something over MCP, the user is told: a notice that names the
// client and links each note; a click opens the note (where the pending blocks wait).
import '../obsidian/dom';
import { App } from 'obsidian-test-mocks/obsidian';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showProposalNotice } from '../../src/views/mcp/proposal-notice';
import { shownNotices } from '../obsidian/notices';

afterEach(() => {
  shownNotices.length = 0;
});

describe('the notice for an outside agent’s proposal', () => {
  it('names the client and the count, links each note once, and opens the note on click', () => {
    const app = App.createConfigured__({ files: { 'Projects/alpha.md': 'a\n', 'b.md': 'b\n' } });
    const open = vi.spyOn(app.workspace, 'openLinkText').mockResolvedValue(undefined);
    const notice = showProposalNotice(app as never, { clientName: 'Claude Code', tool: 'propose_edits', proposed: [{ id: 'e1', path: 'Projects/alpha.md' }, { id: 'e2', path: 'Projects/alpha.md' }, { id: 'e3', path: 'b.md' }] });
    expect(shownNotices).toEqual(['Reeve: Claude Code proposed 3 changes for you to review:']);
    const links = [...(notice?.messageEl.querySelectorAll('a') ?? [])];
    expect(links.map((a) => a.textContent)).toEqual(['Projects/alpha.md', 'b.md']);
    links[0]?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(open).toHaveBeenCalledWith('Projects/alpha.md', '', false);
  });

  it('says nothing when nothing was proposed', () => {
    const app = App.createConfigured__({});
    expect(showProposalNotice(app as never, { clientName: 'x', tool: 'propose_edits', proposed: [] })).toBeNull();
    expect(shownNotices).toEqual([]);
  });
});
