// The model a provider uses for one phase, with the profile fields the LLM layer needs (limits,
// tool-call format, streaming, prices). Editable in settings: defaults are starting points, and a
// local model's real context window or a provider's new prices are the user's to set.
import { DEFAULT_MODEL_PROFILES, type ModelProfile, TOOL_FORMATS, type ToolFormat } from '../agents/llm/model-profile';
import { isRecord, readBoolean, readChoice, readNumber, readString } from './read-fields';

/** A model profile without its id and provider, which the settings key already says. */
export type ModelChoice = Omit<ModelProfile, 'id' | 'provider'>;

/** A choice seeded from the LLM layer's built-in profile of the same name, or generic limits. */
export function modelChoice(model: string, fallbackFormat: ToolFormat = 'native'): ModelChoice {
  const known = DEFAULT_MODEL_PROFILES.find((p) => p.model === model);
  if (known) {
    const { contextWindow, maxOutputTokens, streaming, toolFormat, reasoning, prices } = known;
    return { model, contextWindow, maxOutputTokens, streaming, toolFormat, reasoning, prices: { ...prices } };
  }
  return { model, contextWindow: 32_768, maxOutputTokens: 4_096, streaming: true, toolFormat: fallbackFormat, reasoning: false, prices: { input: 0, output: 0, cachedInput: 0 } };
}

const TOKENS = { min: 1, max: 100_000_000, integer: true };
const PRICE = { min: 0, max: 1_000_000 };

export function readModelChoice(raw: unknown, where: string, problems: string[], fallback: ModelChoice): ModelChoice {
  if (raw === undefined) return structuredClone(fallback);
  if (!isRecord(raw)) {
    problems.push(`${where} should be an object; using defaults`);
    return structuredClone(fallback);
  }
  const pricesRaw = isRecord(raw.prices) ? raw.prices : {};
  if (raw.prices !== undefined && !isRecord(raw.prices)) problems.push(`${where}.prices should be an object; using defaults`);
  const choice: ModelChoice = {
    model: readString(raw, 'model', where, problems, fallback.model).trim() || fallback.model,
    contextWindow: readNumber(raw, 'contextWindow', where, problems, fallback.contextWindow, TOKENS),
    maxOutputTokens: readNumber(raw, 'maxOutputTokens', where, problems, fallback.maxOutputTokens, TOKENS),
    streaming: readBoolean(raw, 'streaming', where, problems, fallback.streaming),
    toolFormat: readChoice(raw, 'toolFormat', where, TOOL_FORMATS, problems, fallback.toolFormat),
    reasoning: readBoolean(raw, 'reasoning', where, problems, fallback.reasoning),
    prices: {
      input: readNumber(pricesRaw, 'input', `${where}.prices`, problems, fallback.prices.input, PRICE),
      output: readNumber(pricesRaw, 'output', `${where}.prices`, problems, fallback.prices.output, PRICE),
      cachedInput: readNumber(pricesRaw, 'cachedInput', `${where}.prices`, problems, fallback.prices.cachedInput, PRICE),
    },
  };
  if (choice.maxOutputTokens >= choice.contextWindow) {
    problems.push(`${where}.maxOutputTokens ${choice.maxOutputTokens} should be less than the context window ${choice.contextWindow}; using ${Math.min(fallback.maxOutputTokens, choice.contextWindow - 1)}`);
    choice.maxOutputTokens = Math.max(1, Math.min(fallback.maxOutputTokens, choice.contextWindow - 1));
  }
  return choice;
}
