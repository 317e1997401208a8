// Checks that a provider has what it needs to be called, before anything is sent.

import { LlmError } from './llm-error';
import { apiKeyEnvVar, type ProviderConfig } from './provider-config';

/** The trimmed key; throws a `config` error when a hosted provider has none or a compatible one has no URL. */
export function checkedApiKey(provider: ProviderConfig, apiKey: string | undefined): string {
  const key = (apiKey ?? '').trim();
  if (key === '' && provider.kind !== 'openai-compatible') {
    throw new LlmError('config', `No API key for provider "${provider.id}": choose its key in Reeve's settings (or set ${apiKeyEnvVar(provider.kind)} for the CLI).`);
  }
  if (provider.kind === 'openai-compatible' && provider.baseUrl === '') {
    throw new LlmError('config', `Provider "${provider.id}" needs a base URL (for Ollama: http://localhost:11434/v1).`);
  }
  return key;
}
