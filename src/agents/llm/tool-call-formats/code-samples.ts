// Code in the reply. A fence in a language other than JSON is a code sample (Python, JavaScript,
// YAML…), and `inline code` is a mention: the unmarked readers never take a call from either, so
// an example the model shows is not run. JSON fences are where models put JSON calls
// (plain-json.ts reads them).

import type { Range } from './reasoning';

export const FENCE = /```([\w+-]*)[ \t]*\n?([\s\S]*?)(?:```|$)/g;
// `xml` too: models label a fence holding a call that way (llama.cpp's Hermes tests have it).
const JSON_LANGS = new Set(['', 'json', 'json5', 'jsonc', 'tool_call', 'tool_code', 'xml']);

export function isJsonFence(language: string): boolean {
  return JSON_LANGS.has(language.toLowerCase());
}

export function codeSampleRanges(text: string): Range[] {
  return [...text.matchAll(FENCE)].filter((m) => !isJsonFence(m[1] ?? '')).map((m) => [m.index ?? 0, (m.index ?? 0) + m[0].length] as const);
}

/** Inline code spans (`…`); run on text whose fences are already blanked out. */
export function inlineCodeRanges(text: string): Range[] {
  // The character before a span is matched, not looked behind at: a lookbehind literal stops the
  // whole plugin from loading on iOS before 16.4 (tests/plugin/bundle-lookbehind.test.ts).
  return [...text.matchAll(/(^|[^`])(`[^`\n]+`)(?!`)/g)].map((m) => {
    const start = (m.index ?? 0) + (m[1] ?? '').length;
    return [start, start + (m[2] ?? '').length] as const;
  });
}
