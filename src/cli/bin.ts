// Entry point of the `reeve` binary (dist/cli.mjs).
import { createInterface } from 'node:readline/promises';
import { runCli } from './main';
import { outputWriter } from './output-stream';

/** A question at the terminal; null at end of input (Ctrl-D). */
async function prompt(question: string): Promise<string | null> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const closed = new Promise<null>((resolve) => rl.once('close', () => resolve(null)));
    return await Promise.race([rl.question(`${question}\n> `), closed]);
  } finally {
    rl.close();
  }
}

const code = await runCli(process.argv.slice(2), {
  stdout: outputWriter(process.stdout),
  stderr: outputWriter(process.stderr),
  env: process.env,
  cwd: process.cwd(),
  ...(process.stdin.isTTY ? { prompt } : {}),
});
process.exitCode = code;
