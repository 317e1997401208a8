// The edit actions of a rule as the settings editor shows them: tags as one line
// ("meeting, project/{fm.project}") and properties as `key: value` lines. Reading the lines back is
// exact for what the editor writes; a line that is not `key: value` is reported with its number,
// and the text is kept as typed (the rule is then invalid, and off until fixed), never dropped.
import type { RuleSpec } from '../dsl/rules';

type PropertyMap = NonNullable<RuleSpec['thenSetProperties']>;

export type PropertiesRead = { ok: true; properties: PropertyMap } | { ok: false; problem: string };

/** `["a", "b/{name}"]` as `a, b/{name}`. */
export function tagsText(tags: unknown): string {
  return Array.isArray(tags) ? tags.map(String).join(', ') : typeof tags === 'string' ? tags : '';
}

/** Tags from one line, separated by commas or spaces. */
export function readTagsText(text: string): string[] {
  return text.split(/[,\s]+/u).filter((t) => t !== '');
}

/** A value as the line shows it: texts that would read back as something else are quoted. */
function valueText(v: unknown): string {
  if (typeof v !== 'string') return JSON.stringify(v) ?? 'null';
  return v === '' || v !== v.trim() || /^(null|true|false)$/iu.test(v) || (v.trim() !== '' && Number.isFinite(Number(v))) || v.startsWith('"') ? JSON.stringify(v) : v;
}

export function propertiesText(properties: unknown): string {
  if (typeof properties === 'string') return properties;
  if (typeof properties !== 'object' || properties === null) return '';
  return Object.entries(properties).map(([k, v]) => `${k}: ${valueText(v)}`).join('\n');
}

function readValue(raw: string): string | number | boolean | null {
  const text = raw.trim();
  if (/^null$/iu.test(text)) return null;
  if (/^(true|false)$/iu.test(text)) return text.toLowerCase() === 'true';
  if (text !== '' && Number.isFinite(Number(text))) return Number(text);
  if (text.startsWith('"')) {
    try {
      const v: unknown = JSON.parse(text);
      if (typeof v === 'string') return v;
    } catch {
      // Not a quoted text after all: kept as written.
    }
  }
  return text;
}

/** `status: processed` lines as properties (`null` removes one; numbers and true/false as such). */
export function readPropertiesText(text: string): PropertiesRead {
  const properties: PropertyMap = {};
  const lines = text.split(/\r?\n/u);
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0 || line.slice(0, colon).trim() === '') return { ok: false, problem: `Line ${i + 1}: write a property as name: value (for example status: processed)` };
    properties[line.slice(0, colon).trim()] = readValue(line.slice(colon + 1));
  }
  return { ok: true, properties };
}
