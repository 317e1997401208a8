// The settings tab's semantic index section: on/off, the provider whose connection it uses, the
// embedding model and dimensions, and a live status line with pause, resume and rebuild.
import type { Setting, SettingDefinitionItem } from 'obsidian';
import type { SemanticSearch } from './semantic-search';

const PRIVACY =
  'Off by default. When on, the text of every note (in sections, frontmatter left out) is sent to the embedding provider, ' +
  'once, and again for the sections you change; with OpenAI this costs money, and Reeve asks before the first build.';

export function semanticSettingGroup(search: () => SemanticSearch | null): SettingDefinitionItem {
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
      { name: 'Embedding model', desc: 'For example text-embedding-3-small (OpenAI) or nomic-embed-text (Ollama). Changing it rebuilds the index.', control: { type: 'text', key: 'semanticIndex.model', placeholder: 'text-embedding-3-small' } },
      { name: 'Dimensions', desc: 'Vector size asked of the model (512 keeps the index small; nomic-embed-text gives 768). Changing it rebuilds the index.', control: { type: 'number', key: 'semanticIndex.dimensions', min: 16, max: 8192 } },
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
