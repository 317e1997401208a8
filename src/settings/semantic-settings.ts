// The semantic index's settings: off unless the user turns it on (it sends every note's text to
// the embedding provider), which provider's connection it uses (base URL, key and transport come
// from that provider's settings), the embedding model and the vector size asked of it.
import { isRecord, readBoolean, readChoice, readNumber, readString } from './read-fields';

export const EMBEDDING_PROVIDERS = ['openai', 'openai-compatible'] as const;
export type EmbeddingProviderId = (typeof EMBEDDING_PROVIDERS)[number];

export interface SemanticSettings {
  enabled: boolean;
  provider: EmbeddingProviderId;
  model: string;
  dimensions: number;
}

export const DEFAULT_SEMANTIC: SemanticSettings = { enabled: false, provider: 'openai', model: 'text-embedding-3-small', dimensions: 512 };

export function readSemantic(raw: unknown, problems: string[]): SemanticSettings {
  if (raw === undefined) return structuredClone(DEFAULT_SEMANTIC);
  if (!isRecord(raw)) {
    problems.push('settings.semanticIndex should be an object; the semantic index stays off');
    return structuredClone(DEFAULT_SEMANTIC);
  }
  const where = 'semanticIndex';
  const model = readString(raw, 'model', where, problems, DEFAULT_SEMANTIC.model).trim();
  return {
    enabled: readBoolean(raw, 'enabled', where, problems, DEFAULT_SEMANTIC.enabled),
    provider: readChoice(raw, 'provider', where, EMBEDDING_PROVIDERS, problems, DEFAULT_SEMANTIC.provider),
    model: model === '' ? DEFAULT_SEMANTIC.model : model,
    dimensions: readNumber(raw, 'dimensions', where, problems, DEFAULT_SEMANTIC.dimensions, { min: 16, max: 8192, integer: true }),
  };
}
