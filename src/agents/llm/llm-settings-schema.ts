// Validation of stored LLM settings. Every problem is reported with where it is
// (`models[2].toolFormat: …`), unknown fields included, so a typo never silently does nothing.

import * as v from 'valibot';
import { DEFAULT_LLM_SETTINGS, type LlmSettings } from './llm-settings';
import { LlmError } from './llm-error';
import { TOOL_FORMATS } from './model-profile';
import { DEFAULT_TIMEOUT_MS, PROVIDER_KINDS, TRANSPORTS } from './provider-config';

/** An object that refuses unknown fields, naming the ones it knows. */
function strict<const E extends v.ObjectEntries>(entries: E) {
  const allowed = Object.keys(entries).join(', ');
  return v.pipe(
    // valibot takes an array for an object; stored settings must not.
    v.custom<unknown>((input) => !Array.isArray(input), `must be an object with ${allowed}, not a list`),
    v.strictObject(entries, (issue) => (issue.type === 'strict_object' ? `unknown field (allowed: ${allowed})` : `must be an object with ${allowed}`)),
  );
}

const name = v.pipe(v.string(), v.trim(), v.nonEmpty('must not be empty'));
const positiveInt = v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(1, 'must be at least 1'));
const price = v.pipe(v.number(), v.minValue(0, 'must not be negative'), v.finite());
const httpUrl = v.pipe(
  v.string(),
  v.check((s) => s === '' || /^https?:\/\/[^\s/]+/.test(s), 'must be empty or an http(s):// URL'),
);

const providerSchema = strict({
  id: name,
  kind: v.picklist(PROVIDER_KINDS),
  baseUrl: v.optional(httpUrl, ''),
  apiKeySecret: v.optional(v.string(), ''),
  transport: v.optional(v.picklist(TRANSPORTS), 'fetch'),
  timeoutMs: v.optional(v.pipe(positiveInt, v.minValue(1000, 'must be at least 1000 (one second)')), DEFAULT_TIMEOUT_MS),
  headers: v.optional(v.record(v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]+$/, 'header names are letters, digits and dashes')), v.string()), {}),
});

const modelSchema = strict({
  id: name,
  provider: name,
  model: name,
  contextWindow: positiveInt,
  maxOutputTokens: v.optional(positiveInt, 4096),
  streaming: v.optional(v.boolean(), true),
  toolFormat: v.optional(v.picklist(TOOL_FORMATS), 'native'),
  reasoning: v.optional(v.boolean(), false),
  prices: v.optional(strict({ input: price, output: price, cachedInput: price }), { input: 0, output: 0, cachedInput: 0 }),
});

const settingsSchema = strict({
  providers: v.optional(v.array(providerSchema), () => structuredClone(DEFAULT_LLM_SETTINGS.providers)),
  models: v.optional(v.array(modelSchema), () => structuredClone(DEFAULT_LLM_SETTINGS.models)),
  phases: v.optional(strict({ explore: name, plan: name }), () => ({ ...DEFAULT_LLM_SETTINGS.phases })),
});

export type LlmSettingsValidation = { ok: true; settings: LlmSettings } | { ok: false; problems: string[] };

/** Checks stored settings; missing optional fields take their defaults. */
export function validateLlmSettings(raw: unknown): LlmSettingsValidation {
  const parsed = v.safeParse(settingsSchema, raw);
  if (!parsed.success) return { ok: false, problems: parsed.issues.map(describeIssue) };
  const settings: LlmSettings = parsed.output;
  const problems = crossCheck(settings);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, settings };
}

/** Like `validateLlmSettings`, but throws an `LlmError` of kind `config` listing every problem. */
export function parseLlmSettings(raw: unknown): LlmSettings {
  const result = validateLlmSettings(raw);
  if (result.ok) return result.settings;
  throw new LlmError('config', `Invalid LLM settings:\n${result.problems.map((p) => `- ${p}`).join('\n')}`);
}

function crossCheck(s: LlmSettings): string[] {
  const problems: string[] = [];
  duplicates(s.providers.map((p) => p.id)).forEach((id) => problems.push(`providers: the id "${id}" is used more than once`));
  duplicates(s.models.map((m) => m.id)).forEach((id) => problems.push(`models: the id "${id}" is used more than once`));
  s.providers.forEach((p, i) => {
    if (p.kind === 'openai-compatible' && p.baseUrl === '') problems.push(`providers[${i}].baseUrl: an openai-compatible provider needs a base URL (e.g. http://localhost:11434/v1)`);
  });
  const providerIds = new Set(s.providers.map((p) => p.id));
  s.models.forEach((m, i) => {
    if (!providerIds.has(m.provider)) problems.push(`models[${i}].provider: "${m.provider}" is not a configured provider (${[...providerIds].join(', ') || 'none'})`);
    if (m.maxOutputTokens >= m.contextWindow) problems.push(`models[${i}].maxOutputTokens: ${m.maxOutputTokens} must be less than contextWindow ${m.contextWindow}`);
  });
  const modelIds = new Set(s.models.map((m) => m.id));
  for (const [phase, id] of Object.entries(s.phases)) {
    if (!modelIds.has(id)) problems.push(`phases.${phase}: "${id}" is not a model profile (${[...modelIds].join(', ') || 'none'})`);
  }
  return problems;
}

function duplicates(ids: string[]): string[] {
  return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
}

function describeIssue(issue: v.BaseIssue<unknown>): string {
  let where = '';
  for (const item of issue.path ?? []) {
    const key: unknown = item.key;
    where += typeof key === 'number' ? `[${key}]` : where === '' ? String(key) : `.${String(key)}`;
  }
  return `${where || 'settings'}: ${issue.message}`;
}
