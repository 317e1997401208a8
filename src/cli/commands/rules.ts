// `steward rules check <expr>` and `steward rules match <vault> <expr> [--json]`: try a rule
// expression before putting it in a rules file. A wrong expression exits 2 with
// `error: <message> at <line>:<col>`.
import { parseArgs } from '../args';
import { EXIT_OK, EXIT_USAGE, FailureError, UsageError, type CliCommand, type CliIO } from '../command';
import { openVault } from '../open-vault';
import { compileExpression, type CompiledExpression } from '../../dsl/compile';
import { ContentKeywordSimilarity } from '../../dsl/content-similarity';
import { DslError } from '../../dsl/errors';
import { matchRecords } from '../../dsl/evaluate';
import { recordsFromVault } from '../../dsl/file-records';
import { EMBEDDING_FLAGS, EMBEDDING_USAGE, embedderFromFlags } from '../embedder-flags';
import { loadSavedIndex } from '../saved-semantic-index';
import { matchRulesFile, printRuleMatches } from '../rules-file-match';

const USAGE = [
  'usage: steward rules check <expr>                 print the normalized expression, or the error',
  '       steward rules match <vault> <expr> [--json]  print the paths of the files it matches',
  '                   [--provider P [--base-url URL] [--model M] [--dimensions N]]',
  '       steward rules match <vault> --rules FILE [--folder F] [--json]',
  '                                                  what a rules file would do to each file it',
  '                                                  matches: its rule, where it goes, the tags and',
  '                                                  properties it sets (before and after)',
  '',
  'Quote the expression for your shell: steward rules check \'file.ext == "pdf"\'',
  'The language is described in docs/rules.md.',
  'vector_similarity("...") scores with the semantic index `steward index` built when the embedding',
  'flags name its model (only the queries are sent); otherwise by the words in each file.',
  EMBEDDING_USAGE,
].join('\n');

/** Compiles or reports: the DslError goes to stderr as `error: ... at L:C`. */
function compileOrReport(source: string, io: CliIO): CompiledExpression | null {
  try {
    return compileExpression(source);
  } catch (e) {
    if (e instanceof DslError) {
      io.stderr(`${e.format()}\n`);
      return null;
    }
    throw e;
  }
}

function expressionArg(rest: string[], what: string): string {
  if (rest.length === 0) throw new UsageError(`missing <expr>: ${what}`);
  if (rest.length > 1) throw new UsageError(`expected one expression but got ${rest.length} arguments; put the whole expression in quotes`);
  return rest[0] ?? '';
}

export const rulesCommand: CliCommand = {
  name: 'rules',
  summary: 'check a rule expression, or list the files it matches',
  usage: USAGE,
  async run(args, io) {
    const parsed = parseArgs(args, { values: ['rules', 'folder', ...EMBEDDING_FLAGS], booleans: ['json'] });
    const [sub, ...rest] = parsed.positionals;
    if (sub === 'check') {
      if (parsed.booleans.has('json')) throw new UsageError('rules check takes no --json');
      const flag = [...parsed.values.keys()][0];
      if (flag !== undefined) throw new UsageError(`rules check takes no --${flag}`);
      const compiled = compileOrReport(expressionArg(rest, 'the expression to check'), io);
      if (compiled === null) return EXIT_USAGE;
      io.stdout(`${compiled.normalized}\n`);
      return EXIT_OK;
    }
    if (sub === 'match') {
      const [vaultDir, ...exprArgs] = rest;
      if (vaultDir === undefined) throw new UsageError('missing <vault>: the path of a vault folder');
      const rulesFile = parsed.values.get('rules');
      if (rulesFile !== undefined) {
        if (exprArgs.length > 0) throw new UsageError('give an expression or --rules FILE, not both');
        const flag = EMBEDDING_FLAGS.find((f) => parsed.values.has(f));
        if (flag !== undefined) throw new UsageError(`--${flag} goes with an expression, not --rules FILE (rules files score vector_similarity by keywords here)`);
        const { matches, refused } = await matchRulesFile(await openVault(vaultDir), rulesFile, (parsed.values.get('folder') ?? '').replace(/^\/+|\/+$/g, ''));
        for (const r of refused) io.stderr(`refused: ${r}\n`);
        printRuleMatches(io, matches, parsed.booleans.has('json'));
        return EXIT_OK;
      }
      if (parsed.values.has('folder')) throw new UsageError('--folder goes with --rules FILE');
      const compiled = compileOrReport(expressionArg(exprArgs, 'the expression to match'), io);
      if (compiled === null) return EXIT_USAGE;
      const choice = embedderFromFlags(parsed, io.env);
      const vault = await openVault(vaultDir);
      const records = await recordsFromVault(vault);
      const saved = choice === null || compiled.similarityQueries.length === 0 ? null : await loadSavedIndex(vault, choice.embedder);
      if (saved?.note) io.stderr(`note: ${saved.note}\n`);
      const similarity = { semantic: saved?.index ?? null, keyword: new ContentKeywordSimilarity(records) };
      const result = await matchRecords(compiled, records, { similarity }).catch((e: unknown) => {
        throw new FailureError(`could not score vector_similarity: ${e instanceof Error ? e.message : String(e)}`);
      }).finally(() => saved?.index?.stop(false));
      const paths = result.matches.map((r) => r.path);
      if (result.similarityUsed !== null) io.stderr(`note: vector_similarity used the ${result.similarityUsed} index\n`);
      io.stdout(parsed.booleans.has('json') ? `${JSON.stringify(paths)}\n` : paths.map((p) => `${p}\n`).join(''));
      return EXIT_OK;
    }
    throw new UsageError(sub === undefined ? 'missing subcommand: check or match' : `unknown subcommand "${sub}": use check or match`);
  },
};
