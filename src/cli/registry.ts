// Every `reeve` subcommand, in the order `reeve --help` lists them.
import type { CliCommand } from './command';
import { askCommand } from './commands/ask';
import { linksCommand } from './commands/links';
import { mcpCommand } from './commands/mcp';
import { modelsCommand } from './commands/models';
import { organizeCommand } from './commands/organize';
import { pendingCommand } from './commands/pending';
import { recoverCommand } from './commands/recover';
import { rulesCommand } from './commands/rules';
import { indexCommand } from './commands/index-semantic';
import { relatedCommand } from './commands/related';
import { searchCommand } from './commands/search';
import { undoCommand } from './commands/undo';

export const commands: CliCommand[] = [askCommand, organizeCommand, pendingCommand, undoCommand, recoverCommand, rulesCommand, searchCommand, indexCommand, relatedCommand, linksCommand, mcpCommand, modelsCommand];
