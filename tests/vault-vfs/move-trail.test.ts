import { describe, expect, it } from 'vitest';
import { MoveTrail, pathAfterMoves } from '../../src/vault-vfs/move-trail';

describe('where things are after a plan\'s moves', () => {
  it('finds a subfolder moved after its folder where the folder went, whichever order the plan lists them in', () => {
    const parentFirst = new MoveTrail();
    expect(parentFirst.add({ source: 'Inbox/Misc', destination: 'Travel/Misc' })).toEqual({ source: 'Inbox/Misc', destination: 'Travel/Misc' });
    // It names the subfolder as it was before the plan; it runs from where the folder's move put it.
    expect(parentFirst.add({ source: 'Inbox/Misc/Old', destination: 'Travel/Old/Old' })).toEqual({ source: 'Travel/Misc/Old', destination: 'Travel/Old/Old' });
    const childFirst = new MoveTrail();
    childFirst.add({ source: 'Inbox/Misc/Old', destination: 'Travel/Old/Old' });
    expect(childFirst.add({ source: 'Inbox/Misc', destination: 'Travel/Misc' })).toEqual({ source: 'Inbox/Misc', destination: 'Travel/Misc' });
    // A note in either ends up in the same place both ways.
    for (const trail of [parentFirst, childFirst]) {
      expect(trail.where('Inbox/Misc/Old/trip.md')).toBe('Travel/Old/Old/trip.md');
      expect(trail.where('Inbox/Misc/a.md')).toBe('Travel/Misc/a.md');
      expect(trail.where('Inbox/Miscellany.md')).toBe('Inbox/Miscellany.md');
    }
  });

  it('follows a file moved twice, the second move naming where the first put it', () => {
    const where = pathAfterMoves([
      { source: 'Inbox/a.md', destination: 'Docs/a.md' },
      { source: 'Docs/a.md', destination: 'Docs/b.md' },
    ]);
    expect(where('Inbox/a.md')).toBe('Docs/b.md');
    expect(where('Docs/c.md')).toBe('Docs/c.md');
  });
});
