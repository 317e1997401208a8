// `reeve search <vault> <query> [--mode keyword|semantic|hybrid] [--limit N] [--json]` plus the
// embedding flags: search with the keyword index the plugin uses, the semantic index `reeve
// index` built, or both fused. The keyword index is loaded from (and saved back to) the plugin's
// folder, so a search after the plugin or an earlier search re-reads only the files that changed.
// The semantic index is only loaded, never built here (building costs tokens: see `index`); only
// the query is embedded. Every hit says why it was found.
import { intFlag, parseArgs } from '../args';
import { EXIT_OK, FailureError, UsageError, type CliCommand } from '../command';
import { EMBEDDING_FLAGS, EMBEDDING_USAGE, embedderFromFlags } from '../embedder-flags';
import { openVault } from '../open-vault';
import { vaultWalls } from '../vault-walls';
import { IN_MEMORY_NOTE, isVaultFolder, stateWritable } from '../state-writable';
import { Retrieval, type SearchMode } from '../../search/retrieval/retrieval';
import { VaultIndexer } from '../../search/keyword/vault-indexer';
import { terms } from '../../search/keyword/tokenizer';
import { SemanticIndex } from '../../search/semantic/semantic-index';

const MODES: readonly SearchMode[] = ['keyword', 'semantic', 'hybrid'];

const USAGE = [
  'usage: reeve search <vault> <query> [--mode keyword|semantic|hybrid] [--limit N] [--json]',
  '                      [--provider P [--base-url URL] [--model M] [--dimensions N]]',
  '',
  'Searches file names, aliases, headings, tags and note text. Words of 2+ letters also match as',
  'prefixes, and words of 4+ letters tolerate a typo. Notes whose name matches come first.',
  '  --mode M    keyword (default without --provider), semantic (the index `reeve index` built),',
  '              or hybrid (both fused; default with --provider). Only the query is sent to the provider.',
  '  --limit N   most results (default 20)',
  '  --json      print [{"path","score","why":[{"kind","detail"}]}] with scores from 0 to 1',
  EMBEDDING_USAGE,
].join('\n');

export const searchCommand: CliCommand = {
  name: 'search',
  summary: 'search notes by keyword, meaning (semantic index) or both, saying why each was found',
  usage: USAGE,
  async run(args, io) {
    const parsed = parseArgs(args, { values: ['limit', 'mode', ...EMBEDDING_FLAGS], booleans: ['json'] });
    const [vaultDir, ...queryParts] = parsed.positionals;
    const limit = intFlag(parsed, 'limit', 20);
    if (vaultDir === undefined) throw new UsageError('missing <vault>: the path of a vault folder');
    const query = queryParts.join(' ');
    if (query.trim() === '') throw new UsageError('missing <query>: the words to search for');
    const rawMode = parsed.values.get('mode');
    if (rawMode !== undefined && !(MODES as readonly string[]).includes(rawMode)) throw new UsageError(`unknown mode "${rawMode}"; use ${MODES.join(', ')}`);
    const choice = embedderFromFlags(parsed, io.env);
    const mode = (rawMode as SearchMode | undefined) ?? (choice === null ? 'keyword' : 'hybrid');
    if (mode !== 'keyword' && choice === null) throw new UsageError(`--mode ${mode} needs the embedding model: --provider (and --base-url, --model) as for reeve index`);
    if (mode === 'keyword' && terms(query).length === 0) throw new UsageError(`the query "${query}" has no letters or digits to search for`);
    const vault = await openVault(vaultDir, io);
    const walls = await vaultWalls(vault);
    // No UI to keep responsive here: long slices waste less time yielding.
    // In a plain folder of markdown the index stays in memory too, without a word: nothing is
    // expected there, and a search must not make the folder a vault.
    const isVault = isVaultFolder(vaultDir, vault.configDir);
    const writable = isVault && (await stateWritable(vaultDir, vault.configDir));
    if (isVault && !writable) io.stderr(IN_MEMORY_NOTE);
    const indexer = new VaultIndexer(vault, { sliceMs: 200, persist: writable });
    const semantic = choice === null || mode === 'keyword' ? null : new SemanticIndex(vault, choice.embedder, { sliceMs: 200, build: false });
    try {
      await Promise.all([indexer.start(), semantic?.start()]);
      if (semantic !== null && semantic.progress.refused !== null) io.stderr(`note: the saved semantic index was not used (${semantic.progress.refused}); run reeve index\n`);
      const report = await new Retrieval(vault, indexer, semantic).searchReport(query, { mode, limit, exclude: walls }).catch((e: unknown) => {
        throw new FailureError(`could not embed the query: ${e instanceof Error ? e.message : String(e)}`);
      });
      if (report.fallback !== undefined) io.stderr(`note: ${report.fallback}${semantic === null ? '' : ' (build it with reeve index)'}\n`);
      if (parsed.booleans.has('json')) {
        io.stdout(`${JSON.stringify(report.hits.map((h) => ({ path: h.path, score: round(h.score), why: h.why.map((w) => ({ kind: w.kind, detail: w.detail })) })))}\n`);
      } else if (report.hits.length === 0) io.stdout(`no notes or files match "${query}"\n`);
      else io.stdout(report.hits.map((h) => `${round(h.score).toFixed(3)}  ${h.path}  (${h.why.map((w) => w.detail).join('; ')})\n`).join(''));
    } finally {
      await Promise.all([indexer.stop(), semantic?.stop(false)]);
    }
    return EXIT_OK;
  },
};

function round(score: number): number {
  return Math.round(score * 1e4) / 1e4;
}
