// Registers Reeve's commands with Obsidian's own CLI (`registerCliHandler`, 1.12.2+). Guarded twice:
// the app must be at least 1.12.2 (requireApiVersion) and the method must be there, so older
// versions load the plugin as before, without the commands.
import { requireApiVersion } from 'obsidian';
import type ReevePlugin from '../../../main';
import { cliAsk, cliOrganize, cliPending, cliSearch } from './cli-handlers';

const FORMAT = { format: { value: 'json', description: 'Print JSON instead of lines' } };

/** True when the handlers were registered. */
export function registerCliHandlers(plugin: ReevePlugin): boolean {
  if (requireApiVersion('1.12.2')) {
    if (typeof plugin.registerCliHandler !== 'function') return false;
    register(plugin, plugin.registerCliHandler.bind(plugin));
    return true;
  }
  return false;
}

type AddHandler = ReevePlugin['registerCliHandler'];

function register(plugin: ReevePlugin, add: AddHandler): void {
  add(
    'reeve:search',
    'Search notes by keyword (or semantic, hybrid) behind the excluded folders, saying why each was found',
    { query: { value: '<words>', description: 'What to search for', required: true }, mode: { value: 'keyword|semantic|hybrid', description: 'Search mode (default keyword)' }, limit: { value: '<n>', description: 'Most results (default 20)' }, ...FORMAT },
    (params) => cliSearch(plugin, params),
  );
  add('reeve:pending', 'List pending edit and operation blocks', { note: { value: '<path>', description: 'Only this note' }, ...FORMAT }, (params) => cliPending(plugin, params));
  add(
    'reeve:organize',
    'Plan the organization of a folder from your rules and the heuristics; writes a plan note of blocks to accept or reject',
    { folder: { value: '<path>', description: 'The folder (default: the whole vault)' }, 'dry-run': { description: 'Plan without writing the plan note' }, ...FORMAT },
    (params) => cliOrganize(plugin, params),
  );
  add(
    'reeve:ask',
    "Ask the chat's agents; edits come back as pending blocks in the notes",
    { prompt: { value: '<request>', description: 'The request', required: true }, note: { value: '<path>', description: 'The current note' }, ...FORMAT },
    (params) => cliAsk(plugin, params),
  );
}
