// The `reeve` command: global flags, subcommand dispatch, and the exit-code contract
// (0 done, 1 failed with one line on stderr, 2 bad usage).
import { type CliCommand, type CliIO, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, InputError, UsageError } from './command';
import { commands } from './registry';
import { version } from './version';

export function helpText(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    `reeve ${version} — run Reeve's agents and tools on a folder of markdown`,
    '',
    'usage: reeve <command> [args] [--json]',
    '',
    'commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'options:',
    '  --help       show help (also: reeve <command> --help)',
    '  --version    print the version',
    '',
    'exit codes: 0 done, 1 the work failed, 2 bad input or usage',
  ].join('\n');
}

function findCommand(name: string): CliCommand | undefined {
  return commands.find((c) => c.name === name);
}

export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    io.stdout(helpText() + '\n');
    return first === undefined ? EXIT_USAGE : EXIT_OK;
  }
  if (first === '--version' || first === '-v') {
    io.stdout(`${version}\n`);
    return EXIT_OK;
  }
  const command = findCommand(first);
  if (!command) {
    io.stderr(`error: unknown command "${first}"; commands: ${commands.map((c) => c.name).join(', ')}\n`);
    return EXIT_USAGE;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(command.usage + '\n');
    return EXIT_OK;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      // One line and where the usage is: the whole help pushed the error itself out of view.
      io.stderr(e instanceof InputError ? `error: ${e.message}\n` : `error: ${e.message}\n(reeve ${command.name} --help shows how to use it)\n`);
      return EXIT_USAGE;
    }
    const message = e instanceof Error ? e.message : String(e);
    io.stderr(`error: ${message.split('\n')[0] ?? message}\n`);
    // FailureError and anything unexpected alike: the work failed, said in one line.
    return EXIT_FAILURE;
  }
}
