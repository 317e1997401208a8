// `reeve rules check <expr>` and `reeve rules match <vault> <expr> [--json]`: try a rule
// expression before putting it in a rules file. A wrong expression exits 2 with
// `error: <message> at <line>:<col>`.
import { parseArgs, type ParsedArgs } from '../args';
import { EXIT_OK, EXIT_USAGE, FailureError, UsageError, type CliCommand, type CliIO } from '../command';
import { openVault } from '../open-vault';
import { optionalFolderArg } from '../vault-path-arg';
import { compileExpression, type CompiledExpression } from '../../dsl/compile';
import { ContentKeywordSimilarity } from '../../dsl/content-similarity';
import { DslError } from '../../dsl/errors';
import { matchRecords } from '../../dsl/evaluate';
import { recordsFromVault } from '../../dsl/file-records';
import { EMBEDDING_FLAGS, EMBEDDING_USAGE, embedderFromFlags } from '../embedder-flags';
import { loadSavedIndex } from '../saved-semantic-index';
import { matchRulesFile, printRuleMatches, readRulesFile } from '../rules-file-match';
import type { SemanticIndex } from '../../search/semantic/semantic-index';
import type { VaultPort } from '../../vault-vfs/vault-port';

const USAGE = [
  'usage: reeve rules check <expr>                 print the normalized expression, or the error',
  '       reeve rules match <vault> <expr> [--json]  print the paths of the files it matches',
  '                   [--provider P [--base-url URL] [--model M] [--dimensions N]]',
  '       reeve rules match <vault> --rules FILE [--folder F] [--allow-outside] [--json] [embedding flags]',
  '                                                  what a rules file would do to each file it',
  '                                                  matches: its rule, where it goes, the tags and',
  '                                                  properties it sets (before and after)',
  '',
  'Quote the expression for your shell: reeve rules check \'file.ext == "pdf"\'',
  'The language is described in docs/rules.md.',
  'vector_similarity("...") scores with the semantic index `reeve index` built when the embedding',
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

/**
 * Runs `match` with the semantic index `reeve index` built, when the embedding flags name its
 * model and `queries` (the rules' vector_similarity texts) are not empty; else with null, and
 * vector_similarity is scored by keywords. The index is stopped afterwards whatever happens.
 */
async function withSavedSimilarity<T>(
  parsed: ParsedArgs,
  io: CliIO,
  vault: VaultPort,
  queries: readonly string[],
  match: (semantic: SemanticIndex | null) => Promise<T>,
): Promise<T> {
  const choice = embedderFromFlags(parsed, io.env);
  const saved = choice === null || queries.length === 0 ? null : await loadSavedIndex(vault, choice.embedder);
  if (saved?.note) io.stderr(`note: ${saved.note}\n`);
  try {
    return await match(saved?.index ?? null);
  } catch (e) {
    if (queries.length === 0) throw e;
    throw new FailureError(`could not score vector_similarity: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    await saved?.index?.stop(false);
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
    const parsed = parseArgs(args, { values: ['rules', 'folder', ...EMBEDDING_FLAGS], booleans: ['json', 'allow-outside'] });
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
      const json = parsed.booleans.has('json');
      const rulesFile = parsed.values.get('rules');
      if (rulesFile !== undefined) {
        if (exprArgs.length > 0) throw new UsageError('give an expression or --rules FILE, not both');
        const rules = await readRulesFile(rulesFile);
        const vault = await openVault(vaultDir, io);
        const folder = await optionalFolderArg(vault, parsed.values.get('folder'), '--folder', { vaultDir, cwd: io.cwd });
        const queries = rules.flatMap((r) => r.condition.similarityQueries);
        const { matches, refused, similarityUsed } = await withSavedSimilarity(parsed, io, vault, queries, (semantic) =>
          matchRulesFile(vault, rules, folder, semantic === null ? undefined : { semantic }, parsed.booleans.has('allow-outside')),
        );
        for (const r of refused) io.stderr(`refused: ${r}\n`);
        if (similarityUsed !== null) io.stderr(`note: vector_similarity used the ${similarityUsed} index\n`);
        printRuleMatches(io, matches, json);
        return EXIT_OK;
      }
      if (parsed.values.has('folder')) throw new UsageError('--folder goes with --rules FILE');
      if (parsed.booleans.has('allow-outside')) throw new UsageError('--allow-outside goes with --rules FILE');
      const compiled = compileOrReport(expressionArg(exprArgs, 'the expression to match'), io);
      if (compiled === null) return EXIT_USAGE;
      const vault = await openVault(vaultDir, io);
      const records = await recordsFromVault(vault);
      const result = await withSavedSimilarity(parsed, io, vault, compiled.similarityQueries, (semantic) =>
        matchRecords(compiled, records, { similarity: { semantic, keyword: new ContentKeywordSimilarity(records) } }),
      );
      const paths = result.matches.map((r) => r.path);
      if (result.similarityUsed !== null) io.stderr(`note: vector_similarity used the ${result.similarityUsed} index\n`);
      io.stdout(json ? `${JSON.stringify(paths)}\n` : paths.map((p) => `${p}\n`).join(''));
      return EXIT_OK;
    }
    throw new UsageError(sub === undefined ? 'missing subcommand: check or match' : `unknown subcommand "${sub}": use check or match`);
  },
};
