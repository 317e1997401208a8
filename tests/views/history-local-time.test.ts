// The chat history shows when a chat was last changed in the user's time zone: the saved time is
// UTC, and a chat from 23:30 in Lisbon's summer is not "yesterday 22:30". Run in two time zones
// through child processes, since a process's time zone is fixed when it starts.
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const script = "import { localTime } from './src/views/chat/history-panel.ts'; console.log(localTime('2026-07-01T22:30:00.000Z') + '|' + localTime('2026-12-31T23:59:00.000Z') + '|' + localTime('not a date'));";

function inZone(tz: string): string {
  return execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, env: { ...process.env, TZ: tz }, encoding: 'utf8' }).trim();
}

describe('the history date', () => {
  it('is local time, not UTC', () => {
    expect(inZone('Europe/Lisbon')).toBe('2026-07-01 23:30|2026-12-31 23:59|not a date');
    expect(inZone('Asia/Tokyo')).toBe('2026-07-02 07:30|2027-01-01 08:59|not a date');
    expect(inZone('UTC')).toBe('2026-07-01 22:30|2026-12-31 23:59|not a date');
  });
});
