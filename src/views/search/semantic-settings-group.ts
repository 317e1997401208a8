// The settings tab's semantic index section: on/off, the provider whose connection it uses, the
// embedding model and dimensions, and a live status line with pause, resume and rebuild.
import type { Setting, SettingDefinitionItem } from 'obsidian';
import { committedField, type FieldValues } from '../settings/committed-field';
import type { SemanticSearch } from './semantic-search';

const PRIVACY =
  'Off by default. When on, the text of every note (in sections, frontmatter left out) is sent to the embedding provider, ' +
  'once, and again for the sections you change; with OpenAI this costs money, and Reeve asks before the first build.';

/** `values`: the tab's; the model and dimensions commit on blur or Enter (committed-field.ts), since each change restarts the index. */
export function semanticSettingGroup(search: () => SemanticSearch | null, values: FieldValues): SettingDefinitionItem {
  return {
    type: 'group',
    heading: 'Semantic index',
    items: [
      { name: 'Semantic search', desc: PRIVACY, control: { type: 'toggle', key: 'semanticIndex.enabled' } },
      {
        name: 'Embedding provider',
        desc: "Uses that provider's base URL, API key and transport from its settings below.",
        control: { type: 'dropdown', key: 'semanticIndex.provider', options: { openai: 'OpenAI', 'openai-compatible': 'OpenAI-compatible (Ollama, LM Studio, OpenRouter)' } },
      },
      committedField(
        { name: 'Embedding model', desc: 'For example text-embedding-3-small (OpenAI) or nomic-embed-text (Ollama). Changing it builds a new index when you leave the field or press Enter; the saved one is kept until the new one is built.', key: 'semanticIndex.model', kind: 'text', placeholder: 'text-embedding-3-small' },
        values,
      ),
      committedField(
        { name: 'Dimensions', desc: 'Vector size asked of the model (512 keeps the index small; nomic-embed-text gives 768). Changing it builds a new index when you leave the field or press Enter.', key: 'semanticIndex.dimensions', kind: 'number', min: 16, max: 8192 },
        values,
      ),
      { name: 'Status', desc: '', render: (setting) => renderStatus(setting, search) },
    ],
  };
}

function renderStatus(setting: Setting, search: () => SemanticSearch | null): () => void {
  const show = (): void => {
    setting.setDesc(search()?.status() ?? 'Off.');
  };
  setting
    .addButton((b) => b.setButtonText('Pause').onClick(() => search()?.pause()))
    .addButton((b) => b.setButtonText('Resume').onClick(() => search()?.resume()))
    .addButton((b) => b.setButtonText('Rebuild').onClick(() => void search()?.rebuild()));
  show();
  const off = search()?.onChange(show);
  return () => off?.();
}
