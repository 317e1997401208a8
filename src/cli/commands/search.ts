// `steward search <vault> <query> [--limit N] [--json]`: full-text search with the keyword index
// the plugin uses. The index is loaded from (and saved back to) the plugin's folder in the vault,
// so a search after the plugin or an earlier search re-reads only the files that changed.
import { intFlag, parseArgs } from '../args';
import { EXIT_OK, UsageError, type CliCommand } from '../command';
import { openVault } from '../open-vault';
import { VaultIndexer } from '../../vault-vfs/search/vault-indexer';
import { terms } from '../../vault-vfs/search/tokenizer';

const USAGE = [
  'usage: steward search <vault> <query> [--limit N] [--json]',
  '',
  'Searches file names, aliases, headings, tags and note text. Words of 2+ letters also match as',
  'prefixes, and words of 4+ letters tolerate a typo. Notes whose name matches come first.',
  '  --limit N   most results (default 20)',
  '  --json      print [{"path","score"}] with scores from 0 to 1',
].join('\n');

export const searchCommand: CliCommand = {
  name: 'search',
  summary: 'search notes and files with the keyword index',
  usage: USAGE,
  async run(args, io) {
    const parsed = parseArgs(args, { values: ['limit'], booleans: ['json'] });
    const [vaultDir, ...queryParts] = parsed.positionals;
    const limit = intFlag(parsed, 'limit', 20);
    if (vaultDir === undefined) throw new UsageError('missing <vault>: the path of a vault folder');
    const query = queryParts.join(' ');
    if (query.trim() === '') throw new UsageError('missing <query>: the words to search for');
    if (terms(query).length === 0) throw new UsageError(`the query "${query}" has no letters or digits to search for`);
    const vault = await openVault(vaultDir);
    // No UI to keep responsive here: long slices waste less time yielding.
    const indexer = new VaultIndexer(vault, { sliceMs: 200 });
    try {
      await indexer.start();
      const hits = indexer.search(query, { limit });
      if (parsed.booleans.has('json')) io.stdout(`${JSON.stringify(hits.map((h) => ({ path: h.path, score: round(h.score) })))}\n`);
      else io.stdout(hits.map((h) => `${round(h.score).toFixed(3)}  ${h.path}\n`).join(''));
    } finally {
      await indexer.stop();
    }
    return EXIT_OK;
  },
};

function round(score: number): number {
  return Math.round(score * 1e4) / 1e4;
}
