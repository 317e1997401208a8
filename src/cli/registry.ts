// Every `steward` subcommand, in the order `steward --help` lists them.
import type { CliCommand } from './command';
import { linksCommand } from './commands/links';

export const commands: CliCommand[] = [linksCommand];
