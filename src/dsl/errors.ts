// One error type for everything wrong with an expression or a rule, with the place it was found,
// so the CLI, the rule editor and the organize agent can all say "what and where".

import type { SourcePos } from './ast';

export class DslError extends Error {
  constructor(
    /** What is wrong and, where possible, what to write instead. No "error:" prefix, no position. */
    readonly detail: string,
    readonly line: number,
    readonly col: number,
  ) {
    super(`${detail} at ${line}:${col}`);
    this.name = 'DslError';
  }

  static at(detail: string, pos: SourcePos): DslError {
    return new DslError(detail, pos.line, pos.col);
  }

  /** `error: <message> at <line>:<col>`, the form `reeve rules check` prints. */
  format(): string {
    return `error: ${this.message}`;
  }
}

/** A rule (not its expression alone) is malformed: names the rule and the field. */
export class RuleValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuleValidationError';
  }
}
