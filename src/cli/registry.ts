// Every `steward` subcommand, in the order `steward --help` lists them.
import type { CliCommand } from './command';
import { linksCommand } from './commands/links';
import { rulesCommand } from './commands/rules';
import { searchCommand } from './commands/search';

export const commands: CliCommand[] = [rulesCommand, searchCommand, linksCommand];
