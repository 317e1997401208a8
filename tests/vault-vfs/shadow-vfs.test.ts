import { describe, expect, it } from 'vitest';
import type { PlannedOperation } from '../../src/vault-vfs/operations';
import { findDuplicates, sha256Hex } from '../../src/vault-vfs/shadow/duplicates';
import { treeMetrics } from '../../src/vault-vfs/shadow/plan-metrics';
import { simulatePlan } from '../../src/vault-vfs/shadow/shadow-vfs';
import { treeText } from '../../src/vault-vfs/shadow/tree-text';
import type { VaultEntry } from '../../src/vault-vfs/vault-port';

const stat = { size: 10, ctime: 0, mtime: 0 };
const file = (path: string, size = 10): VaultEntry => ({ kind: 'file', path, stat: { ...stat, size } });
const folder = (path: string): VaultEntry => ({ kind: 'folder', path });
const opts = { configDir: '.obsidian' };
let n = 0;
const mv = (source: string, destination: string): PlannedOperation => ({ opId: `o${++n}`, type: 'move', source, destination });

const snapshot: VaultEntry[] = [folder('Inbox'), file('Inbox/a.pdf'), file('Inbox/b.png'), file('Inbox/c.md'), folder('Docs'), file('Docs/a.pdf'), folder('Inbox/Sub'), file('Inbox/Sub/d.md')];

describe('shadow VFS', () => {
  it('applies folders, moves, renames and trash to the after-tree without touching anything', () => {
    const sim = simulatePlan(
      snapshot,
      [
        { opId: 'f1', type: 'create_folder', path: 'Media/Images' },
        mv('Inbox/b.png', 'Media/Images/b.png'),
        { opId: 'r1', type: 'rename', source: 'Inbox/c.md', destination: 'Inbox/C note.md' },
        mv('Inbox/Sub', 'Docs/Sub'),
        { opId: 't1', type: 'trash', path: 'Docs/a.pdf' },
      ],
      opts,
    );
    expect(sim.conflicts).toEqual([]);
    expect(sim.after.map((e) => e.path)).toEqual(['Docs', 'Docs/Sub', 'Docs/Sub/d.md', 'Inbox', 'Inbox/a.pdf', 'Inbox/C note.md', 'Media', 'Media/Images', 'Media/Images/b.png']);
    expect(sim.applied).toHaveLength(5);
  });

  it('reports each kind of conflict and skips only the conflicting operation', () => {
    const ops: PlannedOperation[] = [
      mv('Inbox/a.pdf', 'Docs/a.pdf'),
      mv('Inbox/a.pdf', 'Docs/A.PDF'),
      mv('Inbox/b.png', 'Media/x.png'),
      mv('Inbox/c.md', 'Media/x.png'),
      mv('Inbox', 'Inbox/Sub/Inbox'),
      mv('Nowhere/z.md', 'Docs/z.md'),
      mv('Inbox/Sub/d.md', 'Docs/d?.md'),
      mv('Inbox/Sub/d.md', '.obsidian/d.md'),
      mv('Inbox/Sub/d.md', 'Docs/../../d.md'),
    ];
    const sim = simulatePlan(snapshot, ops, opts);
    expect(sim.conflicts.map((c) => c.kind)).toEqual([
      'destination_exists',
      'case_collision',
      'duplicate_destination',
      'folder_into_itself',
      'missing_source',
      'illegal_name',
      'protected_path',
      'illegal_name',
    ]);
    expect(sim.applied.map((o) => o.opId)).toEqual([ops[2]?.opId]);
    expect(sim.conflicts[2]?.detail).toBe('Media/x.png is also the destination of Inbox/b.png');
  });

  it('holds names that differ only in case side by side, moves each, and refuses to make a new such pair', () => {
    const pair = [folder('Inbox'), file('Inbox/Case.md'), file('Inbox/case.md'), folder('Sorted'), file('Sorted/NOTE.md')];
    const sim = simulatePlan(
      pair,
      [
        mv('Inbox/Case.md', 'Done/Case.md'),
        mv('Inbox/case.md', 'Done/case 1.md'),
        mv('Done/case 1.md', 'Sorted/note.md'),
        { opId: 'f', type: 'create_folder', path: 'sorted/Sub' },
        mv('Done/Case.md', 'DONE/x.md'),
      ],
      opts,
    );
    expect(sim.conflicts.map((c) => [c.kind, c.detail])).toEqual([
      ['case_collision', 'Sorted/NOTE.md already exists and differs from Sorted/note.md only in case (Obsidian takes them for one name)'],
      ['case_collision', 'Sorted already exists and differs from sorted only in case (Obsidian takes them for one name)'],
      ['case_collision', 'Done already exists and differs from DONE only in case (Obsidian takes them for one name)'],
    ]);
    expect(sim.after.map((e) => e.path)).toEqual(['Done', 'Done/case 1.md', 'Done/Case.md', 'Inbox', 'Sorted', 'Sorted/NOTE.md']);
    // Before the shadow kept one entry per name ignoring case, the second of a pair "did not exist".
    expect(simulatePlan(pair, [mv('Inbox/case.md', 'Done/c.md'), mv('Inbox/Case.md', 'Done/C2.md')], opts).conflicts).toEqual([]);
  });

  it('allows a case-only rename of the same file', () => {
    const sim = simulatePlan(snapshot, [{ opId: 'r', type: 'rename', source: 'Inbox/c.md', destination: 'Inbox/C.md' }], opts);
    expect(sim.conflicts).toEqual([]);
    expect(sim.after.map((e) => e.path)).toContain('Inbox/C.md');
  });

  it('stops at the plan limit and says so for every operation past it', () => {
    const many = Array.from({ length: 7 }, (_, i) => ({ opId: `c${i}`, type: 'create_folder' as const, path: `F${i}` }));
    const sim = simulatePlan([], many, { ...opts, limit: 5 });
    expect(sim.applied).toHaveLength(5);
    expect(sim.conflicts.map((c) => c.kind)).toEqual(['limit_exceeded', 'limit_exceeded']);
    expect(sim.conflicts[0]?.detail).toBe('the plan holds 7 operations; the limit is 5');
  });

  it('treats an existing folder as created, without churn', () => {
    const sim = simulatePlan(snapshot, [{ opId: 'f', type: 'create_folder', path: 'Docs' }], opts);
    expect(sim.conflicts).toEqual([]);
  });
});

describe('duplicates', () => {
  it('groups files by SHA-256 of their content, reading only same-size files', async () => {
    const content: Record<string, string> = { 'a.md': 'same text', 'b/a copy.md': 'same text', 'c.md': 'diff text', 'd.md': 'unique and longer' };
    const reads: string[] = [];
    const entries = Object.entries(content).map(([p, t]) => ({ kind: 'file' as const, path: p, stat: { ...stat, size: t.length } }));
    const groups = await findDuplicates(entries, (p) => {
      reads.push(p);
      return sha256Hex(content[p] ?? '');
    });
    expect(groups).toEqual([['a.md', 'b/a copy.md']]);
    expect(reads).not.toContain('d.md');
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('plan metrics and tree text', () => {
  it('measures cohesion, depth and width', () => {
    const m = treeMetrics([folder('A'), file('A/1.png'), file('A/2.png'), file('A/3.pdf'), file('A/4.png'), folder('A/B'), file('A/B/x.md')], (p) => (p.endsWith('.md') ? ['project'] : []));
    expect(m.folders).toEqual([
      { folder: 'A', files: 4, typeCohesion: 0.75, tagCohesion: 0 },
      { folder: 'A/B', files: 1, typeCohesion: 1, tagCohesion: 1 },
    ]);
    expect(m.maxDepth).toBe(2);
    expect(m.maxWidth).toBe(5);
    expect(m.meanTypeCohesion).toBeCloseTo(0.8);
  });

  it('collapses large homogeneous folders and caps the size', () => {
    const entries: VaultEntry[] = [folder('Shots'), ...Array.from({ length: 417 }, (_, i) => file(`Shots/s${String(i).padStart(3, '0')}.png`)), file('Shots/readme.md')];
    const text = treeText(entries);
    expect(text.split('\n')).toEqual(['Shots/ (418 files)', '  readme.md', '  s000.png', '  s001.png', '  s002.png', '  s003.png', '  s004.png', '  … 412 more .png']);
    const big = Array.from({ length: 5000 }, (_, i) => folder(`F${i}`));
    const capped = treeText(big, '', { maxChars: 500 });
    expect(capped.length).toBeLessThan(560);
    expect(capped).toMatch(/… \(tree cut at 500 characters\)$/);
  });
});
