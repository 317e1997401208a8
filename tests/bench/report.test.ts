import { describe, expect, it } from 'vitest';
import { compose, type RunInfo, type WorkloadResult } from '../../bench/report';

const result = (name: string, value: string): WorkloadResult => ({ name, description: `What ${name} measures.`, rows: [{ case: 'a case', value }], maxRssBytes: 1 << 20, seconds: 1 });
const full: RunInfo = { date: '2026-11-24', quick: false, machine: 'M', node: 'v20' };
const quickLater: RunInfo = { ...full, date: '2026-11-25', quick: true };

/** Each section's name and its "Measured" line. */
function measured(file: string): [string, string][] {
  return file
    .split(/\n(?=## )/)
    .slice(1)
    .map((s) => {
      const lines = s.split('\n');
      return [lines[0] ?? '', lines[2] ?? ''];
    });
}

describe('BENCHMARKS.md composition', () => {
  it('dates every section of a whole run, and the header claims no date or mode', () => {
    const file = compose([result('a', '1 ms'), result('b', '2 ms')], full, null, false);
    expect(measured(file)).toEqual([
      ['## a', 'Measured 2026-11-24, full mode.'],
      ['## b', 'Measured 2026-11-24, full mode.'],
    ]);
    const head = file.split(/\n(?=## )/)[0] ?? '';
    expect(head).not.toMatch(/^- (Date|Mode):/m);
  });

  it("reads a section's mode from its Measured line, not from a note that mentions quick mode", () => {
    const file = compose([{ ...result('a', '1 ms'), description: 'Unlike its quick mode, this measures 100k notes.' }], full, null, false);
    expect(file).toMatch(/\| a \| 1 s \| full \|/);
  });

  it('says whether a section ran bundled as the CLI ships or from source', () => {
    const file = compose([{ ...result('a', '1 ms'), bundled: true }, { ...result('b', '2 ms'), bundled: false }, result('c', '3 ms')], full, null, false);
    expect(measured(file)).toEqual([
      ['## a', 'Measured 2026-11-24, full mode, bundled as the CLI ships.'],
      ['## b', 'Measured 2026-11-24, full mode, from source through tsx.'],
      ['## c', 'Measured 2026-11-24, full mode.'],
    ]);
  });

  it('a partial run re-dates only its own sections and keeps the others as they were', () => {
    const first = compose([result('a', '1 ms'), result('b', '2 ms')], full, null, false);
    const second = compose([result('b', '3 ms')], quickLater, first, true);
    expect(measured(second)).toEqual([
      ['## a', 'Measured 2026-11-24, full mode.'],
      ['## b', 'Measured 2026-11-25, quick mode (smaller corpora; not the reference numbers).'],
    ]);
    expect(second).toContain('| a case | 1 ms |');
    expect(second).toContain('| a case | 3 ms |');
    expect(second).not.toContain('| a case | 2 ms |');
    // Running the same partial run again changes nothing.
    expect(compose([result('b', '3 ms')], quickLater, second, true)).toBe(second);
  });

  it('a result says when and in which mode it ran (a resumed run reuses results of an earlier day)', () => {
    const file = compose([{ ...result('a', '1 ms'), date: '2026-11-20', quick: true }, result('b', '2 ms')], full, null, false);
    expect(measured(file)).toEqual([
      ['## a', 'Measured 2026-11-20, quick mode (smaller corpora; not the reference numbers).'],
      ['## b', 'Measured 2026-11-24, full mode.'],
    ]);
  });

  it('a section of a file written before per-section dates says what the old header said, not the new run', () => {
    const old = ['# Benchmarks', '', '- Machine: M', '- Date: 2026-11-23', '- Mode: full', '', '## a', '', 'What a measures.', '', '| case |', ''].join('\n');
    const next = compose([result('b', '3 ms')], quickLater, old, true);
    expect(measured(next)).toEqual([
      ['## a', "Measured before per-section dates were kept (the file's header said date 2026-11-23, mode full)."],
      ['## b', 'Measured 2026-11-25, quick mode (smaller corpora; not the reference numbers).'],
    ]);
    expect(next).toContain('What a measures.');
  });

  it('the header says how long each workload ran and what a full run adds up to, from every section kept or fresh', () => {
    const timed = (name: string, seconds: number): WorkloadResult => ({ ...result(name, '1 ms'), seconds });
    const first = compose([timed('a', 30), timed('b', 1800)], full, null, false);
    const second = compose([{ ...timed('c', 90), quick: true }], quickLater, first, true);
    const head = second.split(/\n(?=## )/)[0] ?? '';
    // Slowest first, the kept sections' times included; the quick one is named, not summed.
    expect(head).toContain('| b | 30.0 min | full | 2026-11-24 |\n| c | 1.5 min | quick | 2026-11-25 |\n| a | 30 s | full | 2026-11-24 |');
    expect(head).toContain('the full-mode sections add up to 30.5 min, and 1 section(s) measured in quick mode (c) take longer in full mode.');
    // Rewriting the file with the same partial run changes nothing (the header is rebuilt, not appended to).
    expect(compose([{ ...timed('c', 90), quick: true }], quickLater, second, true)).toBe(second);
  });
});
