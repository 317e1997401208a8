// A second process that runs a real journaled job slowly, for the concurrency tests: opens the
// vault, moves every note of `folder` into `to` with `delayMs` before each rename (so another
// process can try to run meanwhile), says "done <job>" and exits; on an error, says it and exits 1.
import { executeJob } from '../../../src/edits/journal/execute-job';
import { NodeVault } from '../../../src/vault-vfs/node/node-vault';

const [vault = '.', folder = 'A', to = 'B', delayMs = '50'] = process.argv.slice(2);
const port = await NodeVault.open(vault);
const rename = port.rename.bind(port);
port.rename = async (...args: Parameters<typeof rename>) => {
  await new Promise((r) => setTimeout(r, Number(delayMs)));
  return rename(...args);
};
const notes = (await port.list()).filter((e) => e.kind === 'file' && e.path.startsWith(`${folder}/`));
try {
  const report = await executeJob(port, {
    description: `slow ${folder}`,
    operations: notes.map((e, i) => ({ opId: `o${i}`, type: 'move' as const, source: e.path, destination: `${to}/${e.path.slice(folder.length + 1)}` })),
  });
  process.stdout.write(`done ${report.job}\n`);
} catch (e) {
  process.stdout.write(`error ${(e as Error).message}\n`);
  process.exit(1);
}
