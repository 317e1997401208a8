// Every test run gets a temp folder of its own: TMPDIR (and TMP, TEMP) point the run's workers,
// and the processes they start, at `reeve-test-run-XXXXXX` in the system temp folder, so that
// `os.tmpdir()` in a test is that folder. At the end the folder must be empty: a test that
// leaves a vault, a rules file or a built bundle behind fails the run with the names it left.
// The folder is removed either way, so the system temp folder (shared with other programs, whose
// files this check never looks at) keeps nothing of the run.
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

const VARS = ['TMPDIR', 'TMP', 'TEMP'] as const;
// Tools' own caches, kept across runs by design and not a test's leftovers: tsx compiles the
// TypeScript of the child processes some tests start into `tsx-<uid>` under the temp folder.
const TOOL_CACHES = /^tsx-\d+$/;

export default function setup(): () => void {
  const saved = VARS.map((v) => [v, process.env[v]] as const);
  const runDir = mkdtempSync(path.join(tmpdir(), 'reeve-test-run-'));
  // As open as the system temp folder it stands in for (mkdtemp makes it 0700): tests that run the
  // CLI as another user (a read-only vault, unreadable files) must reach their bundle inside it.
  chmodSync(runDir, 0o1777);
  for (const v of VARS) process.env[v] = runDir;
  return () => {
    for (const [v, value] of saved) {
      if (value === undefined) delete process.env[v];
      else process.env[v] = value;
    }
    const left = readdirSync(runDir).filter((name) => !TOOL_CACHES.test(name));
    rmSync(runDir, { recursive: true, force: true });
    if (left.length > 0) {
      const shown = left.slice(0, 20).join(', ');
      // Vitest reports an error thrown here but does not fail the run for it.
      process.exitCode = 1;
      throw new Error(`the tests left ${left.length} file(s) or folder(s) in the temp folder (removed now; each test must remove what it makes): ${shown}${left.length > 20 ? ', …' : ''}`);
    }
  };
}
