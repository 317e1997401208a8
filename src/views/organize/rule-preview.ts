// "Test rule": which files a condition matches right now, the way the organize run would see
// them (plan folder and excluded folders left out), capped so a broad rule on a large vault still
// answers quickly with a count.
import { compileExpression } from '../../dsl/compile';
import { ContentKeywordSimilarity } from '../../dsl/content-similarity';
import { matchRecords } from '../../dsl/evaluate';
import { isInFolder, recordsFromVault } from '../../dsl/file-records';
import type { VaultPort } from '../../vault-vfs/vault-port';

export const PREVIEW_LIMIT = 20;

export interface RulePreview {
  /** How many files match in all. */
  total: number;
  /** The first matches by path, at most `limit`. */
  paths: string[];
}

export interface PreviewScope {
  /** Folders the organize run never touches. */
  skipFolders: readonly string[];
  limit?: number;
}

/** Throws the compiler's DslError when the condition does not compile. */
export async function previewRule(port: VaultPort, condition: string, scope: PreviewScope): Promise<RulePreview> {
  const compiled = compileExpression(condition);
  const records = (await recordsFromVault(port)).filter((r) => !scope.skipFolders.some((f) => isInFolder(r.path, f)));
  const result = await matchRecords(compiled, records, { similarity: { keyword: new ContentKeywordSimilarity(records) } });
  return { total: result.matches.length, paths: result.matches.slice(0, scope.limit ?? PREVIEW_LIMIT).map((r) => r.path) };
}
