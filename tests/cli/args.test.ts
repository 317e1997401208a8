import { describe, expect, it } from 'vitest';
import { intFlag, parseArgs } from '../../src/cli/args';

describe('parseArgs', () => {
  const spec = { values: ['limit', 'folder'], booleans: ['json'] };

  it('splits positionals, value flags and boolean flags', () => {
    const r = parseArgs(['vault', '--limit', '5', 'query words', '--json', '--folder=Inbox/Sub'], spec);
    expect(r.positionals).toEqual(['vault', 'query words']);
    expect(r.values.get('limit')).toBe('5');
    expect(r.values.get('folder')).toBe('Inbox/Sub');
    expect(r.booleans.has('json')).toBe(true);
  });

  it('treats everything after -- as positional', () => {
    expect(parseArgs(['--', '--json'], spec).positionals).toEqual(['--json']);
  });

  it.each([
    [['--nope'], 'unknown option --nope (known: --limit, --folder, --json)'],
    [['--limit'], '--limit needs a value'],
    [['--json=1'], '--json takes no value'],
  ])('refuses %j', (args, message) => {
    expect(() => parseArgs(args, spec)).toThrow(message);
  });

  it('reads positive integers only', () => {
    expect(intFlag(parseArgs(['--limit', '7'], spec), 'limit', 10)).toBe(7);
    expect(intFlag(parseArgs([], spec), 'limit', 10)).toBe(10);
    expect(() => intFlag(parseArgs(['--limit', '-1'], spec), 'limit', 10)).toThrow('--limit must be a positive whole number, got "-1"');
  });
});

describe('repeatable flags', () => {
  it('collects every value in order, in both spellings, and still refuses a missing value', () => {
    const parsed = parseArgs(['v', '--exclude', 'A', '--json', '--exclude=B/C', 'q'], { lists: ['exclude'], booleans: ['json'] });
    expect(parsed.lists.get('exclude')).toEqual(['A', 'B/C']);
    expect(parsed.positionals).toEqual(['v', 'q']);
    expect(() => parseArgs(['--exclude'], { lists: ['exclude'] })).toThrow('--exclude needs a value');
    expect(parseArgs(['v'], { lists: ['exclude'] }).lists.has('exclude')).toBe(false);
  });
});
