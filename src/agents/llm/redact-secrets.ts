// API keys must never appear in events, logs or errors. Provider error bodies can echo a key
// (OpenAI's 401 names the key it was given), so every message built from a response passes
// through here with the keys the client holds.

const MIN_SECRET_LENGTH = 6;

export const REDACTED = '[redacted]';

/** Replaces every occurrence of each secret (and its longest prefix shown before an ellipsis or mask). */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    out = out.split(secret).join(REDACTED);
    // Partial keys such as "sk-abcd****wxyz" still identify the key: mask any 12+ character run of it.
    const head = secret.slice(0, Math.min(12, secret.length));
    const tail = secret.slice(-Math.min(8, secret.length));
    if (secret.length >= 16) {
      out = out.split(head).join(REDACTED);
      out = out.split(tail).join(REDACTED);
    }
  }
  return out;
}
