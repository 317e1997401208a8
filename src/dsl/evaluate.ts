// Runs compiled expressions over many records. Whatever the expressions need beyond the records
// is fetched first, once: note text only for markdown files and only when an expression reads
// `file.content`, similarity scores only for the queries used. Then each record is one call of
// each compiled closure.

import type { FileRecord } from '../vault-vfs/file-record';
import { forEachLimited } from '../vault-vfs/for-each-limited';
import type { CompiledExpression } from './compile';
import type { EvalScope } from './eval-scope';
import { NO_SCOPE } from './eval-scope';
import { TwinNames } from './twin-names';
import {
  chooseSimilarity,
  clampScore,
  SimilarityUnavailableError,
  type SimilarityKind,
  type SimilaritySources,
} from './similarity';

export interface EvaluationOptions {
  /** Where `vector_similarity` scores come from: semantic when given, keyword otherwise. */
  similarity?: SimilaritySources;
  /** Reads and scores at once; default 8. */
  concurrency?: number;
}

export interface PreparedScope {
  scope: EvalScope;
  /** Which index scored `vector_similarity`, or null when no expression used it. */
  similarityUsed: SimilarityKind | null;
  /** How many notes were read for `file.content`. */
  contentReads: number;
}

export interface MatchResult {
  matches: FileRecord[];
  similarityUsed: SimilarityKind | null;
  contentReads: number;
}

/** Fetches content and similarity scores that `expressions` need for `records`. */
export async function prepareScope(
  expressions: readonly CompiledExpression[],
  records: readonly FileRecord[],
  options: EvaluationOptions = {},
): Promise<PreparedScope> {
  const limit = options.concurrency ?? 8;
  const needsContent = expressions.some((e) => e.usesContent);
  const queries = [...new Set(expressions.flatMap((e) => e.similarityQueries))];
  if (!needsContent && queries.length === 0) return { scope: NO_SCOPE, similarityUsed: null, contentReads: 0 };

  const contents = new Map<string, string>();
  if (needsContent) {
    const notes = records.filter((r) => r.readContent !== undefined);
    await forEachLimited(notes, limit, async (r) => {
      contents.set(r.path, r.readContent ? await r.readContent() : '');
    });
  }

  const scores = new Map<string, Map<string, number>>();
  let similarityUsed: SimilarityKind | null = null;
  if (queries.length > 0) {
    const provider = chooseSimilarity(options.similarity);
    if (provider === null) throw new SimilarityUnavailableError(queries[0] ?? '');
    similarityUsed = provider.kind;
    for (const query of queries) {
      const byPath = new Map<string, number>();
      scores.set(query, byPath);
      await forEachLimited(records, limit, async (r) => {
        byPath.set(r.path, clampScore(await provider.score(query, r.path)));
      });
    }
  }

  const scope: EvalScope = {
    content: (r) => contents.get(r.path) ?? '',
    similarity: (query, r) => scores.get(query)?.get(r.path) ?? 0,
  };
  return { scope, similarityUsed, contentReads: contents.size };
}

/** The records an expression matches, in the order given. */
export async function matchRecords(
  expression: CompiledExpression,
  records: readonly FileRecord[],
  options: EvaluationOptions = {},
): Promise<MatchResult> {
  const { scope, similarityUsed, contentReads } = await prepareScope([expression], records, options);
  const test = expression.predicate;
  const twins = new TwinNames(records.map((r) => r.path));
  return { matches: records.filter((r) => test(r, scope) && !twins.leavesOut(expression.source, r.path)), similarityUsed, contentReads };
}
