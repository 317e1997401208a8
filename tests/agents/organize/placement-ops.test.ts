// The organize agent's decisions as operations: moves into the vault as it will be, folders
// created parents first and spelled as they exist, and every decision that cannot be carried out
// as asked reported as a conflict (with what is wrong) instead of an invented name.
import { describe, expect, it } from 'vitest';
import { type Decision, placementOps } from '../../../src/agents/organize/agent/placement-ops';
import type { VaultEntry } from '../../../src/vault-vfs/vault-port';

const file = (path: string): VaultEntry => ({ kind: 'file', path, stat: { size: 1, ctime: 0, mtime: 0 } });
const folder = (path: string): VaultEntry => ({ kind: 'folder', path });
const d = (source: string, to: string, kind: 'file' | 'folder' = 'file'): Decision => ({ source, kind, folder: to, rule: 'agent: test', reason: 'test' });
const AFTER = [folder('Inbox'), folder('Inbox/Recipes'), file('Inbox/Recipes/soup.md'), file('Inbox/soup.md'), file('Inbox/a.md'), file('Inbox/b.md'), file('Inbox/Old/a.md'), folder('Inbox/Trip'), file('Inbox/Trip/x.png')];

describe('placement operations', () => {
  it('moves into existing folders as spelled, creating missing ones parents first', () => {
    const out = placementOps([d('Inbox/a.md', 'inbox/recipes'), d('Inbox/b.md', 'Inbox/New/Deep')], AFTER, new Map());
    expect(out.conflicts).toEqual([]);
    expect(out.operations.map((op) => (op.type === 'move' || op.type === 'rename' ? `${op.source} -> ${op.destination}` : `+ ${op.path}`))).toEqual([
      '+ Inbox/New',
      '+ Inbox/New/Deep',
      'Inbox/a.md -> Inbox/Recipes/a.md',
      'Inbox/b.md -> Inbox/New/Deep/b.md',
    ]);
  });

  it('reports what cannot be done as asked, each with its reason, and plans the rest', () => {
    const moving = new Map([['Inbox/Trip', 'Inbox/Travel/Trip']]);
    const out = placementOps(
      [d('Inbox/soup.md', 'Inbox/Recipes'), d('Inbox/a.md', 'Inbox/X'), d('Inbox/Old/a.md', 'Inbox/X'), d('Inbox/Trip/x.png', 'Inbox'), d('Inbox/Recipes', 'Inbox/Recipes/Old', 'folder'), d('Inbox/a.md', 'Inbox/Trip/Day 1')],
      AFTER,
      moving,
    );
    expect(out.conflicts.map((c) => [c.index, c.detail])).toEqual([
      [0, 'Inbox/Recipes/soup.md already exists, or another item is planned to go there'],
      [2, 'Inbox/X/a.md already exists, or another item is planned to go there'],
      [3, 'contradictory: Inbox/Trip/x.png is inside Inbox/Trip, which moves to Inbox/Travel/Trip in this plan'],
      [4, 'Inbox/Recipes cannot move into itself'],
      [5, 'contradictory: the destination Inbox/Trip/Day 1 is inside Inbox/Trip, which moves to Inbox/Travel/Trip in this plan'],
    ]);
    expect(out.operations.filter((op) => op.type === 'move').map((op) => (op.type === 'move' ? op.source : ''))).toEqual(['Inbox/a.md']);
  });

  it('leaves a decision that changes nothing out', () => {
    expect(placementOps([d('Inbox/a.md', 'Inbox')], AFTER, new Map()).operations).toEqual([]);
  });
});
