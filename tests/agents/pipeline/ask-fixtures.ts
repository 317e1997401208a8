// A small vault for the ask pipeline's tests, and helpers to read what each model call was sent.
import type { RecordedRequest } from '../../llm-server';

export const SOLAR_VAULT: Record<string, string> = {
  'Projects/Solar.md': '# Solar roof\n\nWe plan panels on the south roof.\nSee [[Budget]] and [[Installers]].\n\n## Tasks\n- get quotes\n',
  'Projects/Budget.md': '# Budget\n\nPanels: 8000 EUR\nInverter: 1500 EUR\nLinked from [[Solar]].\n',
  'Projects/Installers.md': '# Installers\n\n- SunCo: quoted 9000\n- Helio: no answer yet\nSee [[Contacts]].\n',
  'People/Contacts.md': '# Contacts\n\nAnna at SunCo, 0123.\n',
  'Journal/2024-05-01.md': '# May 1\n\nTalked about the solar panels with Anna.\n',
  'Private/Secrets.md': '# Secrets\n\nsolar password 1234\n',
  'Recipes/Bread.md': '# Bread\n\nFlour, water, salt.\n',
};

/** The messages of a recorded chat request, as the provider received them. */
export function sentMessages(r: RecordedRequest | undefined): { role: string; content: string }[] {
  const messages = (r?.body.messages ?? []) as { role: string; content: unknown }[];
  return messages.map((m) => ({ role: m.role, content: typeof m.content === 'string' ? m.content : JSON.stringify(m.content) }));
}

export function sentText(r: RecordedRequest | undefined): string {
  return sentMessages(r).map((m) => m.content).join('\n');
}

/** The names of the tools a request offered. */
export function sentTools(r: RecordedRequest | undefined): string[] {
  return ((r?.body.tools ?? []) as { function?: { name: string } }[]).map((t) => t.function?.name ?? '');
}
