// The saved prompts folder setting (issue 27): empty by default (no prompts listed), a vault
// folder when set, and a path that is no vault folder reset to empty with a problem that names it.
import { describe, expect, it } from 'vitest';
import { readAgentSettings } from '../../src/settings/agent-settings';

describe('agents.promptFolder', () => {
  it('is empty by default, keeps a vault folder, and refuses one outside the vault', () => {
    const problems: string[] = [];
    expect(readAgentSettings({}, problems).promptFolder).toBe('');
    expect(readAgentSettings({ promptFolder: 'Meta/Prompts/' }, problems).promptFolder).toBe('Meta/Prompts');
    expect(problems).toEqual([]);
    expect(readAgentSettings({ promptFolder: '../x' }, problems).promptFolder).toBe('');
    expect(problems).toEqual(['agents.promptFolder "../x" is not a vault folder; no saved prompts are listed']);
  });
});
