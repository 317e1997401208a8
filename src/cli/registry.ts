// Every `steward` subcommand, in the order `steward --help` lists them.
import type { CliCommand } from './command';

export const commands: CliCommand[] = [];
