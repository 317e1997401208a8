// The contract every `reeve` subcommand follows (see DESIGN.md, CLI): exit 0 when done,
// 1 when the work failed (one clear line on stderr, nothing half done), 2 for bad input or usage.

export interface CliIO {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Asks the person at the terminal; absent when nobody is there (stdin is not a terminal). */
  prompt?: (question: string) => Promise<string | null>;
}

export interface CliCommand {
  name: string;
  /** One line for `reeve --help`. */
  summary: string;
  /** Full usage, printed by `reeve <name> --help` and after a usage error. */
  usage: string;
  run(args: string[], io: CliIO): Promise<number>;
}

/** Bad input or usage: exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * Bad content in a file the user named (a rules file that does not parse): exit 2 like a usage
 * error, but without the usage, which would bury the one line that says what is wrong and where.
 */
export class InputError extends UsageError {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

/** The work failed: exit 1. */
export class FailureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FailureError';
  }
}

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
