// The rule language's public surface. See docs/rules.md for the language itself.

export type { ExprNode, ValueNode, SourcePos } from './ast';
export { DslError, RuleValidationError } from './errors';
export { parseExpression, MAX_EXPRESSION_LENGTH } from './parse';
export { printExpression } from './printer';
export { normalizeExpression } from './normalize';
export { compileExpression, compileAst, type CompiledExpression } from './compile';
export { NO_SCOPE, type EvalScope, type Predicate } from './eval-scope';
export { matchRecords, prepareScope, type EvaluationOptions, type MatchResult, type PreparedScope } from './evaluate';
export {
  chooseSimilarity,
  SimilarityUnavailableError,
  type SimilarityKind,
  type SimilarityProvider,
  type SimilaritySources,
} from './similarity';
export { ContentKeywordSimilarity } from './content-similarity';
export { recordsFromVault, recordFromEntry, isInFolder } from './file-records';
export { mimeTypeOf } from './mime-types';
export { validateRules, parseRulesJson, byPriority, type RuleSpec, type CompiledRule } from './rules';
export { planRules, planRulesOnVault, type PlanOptions, type RulePlan, type PlanConflict, type RuleMatch } from './plan-rules';
export { legalName, fileDay } from './rename-pattern';
export { compileSafeRegex, boundedTest, RegexRefusedError, MAX_REGEX_INPUT } from './safe-regex';
