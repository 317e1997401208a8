// The settings of one phase's model for one provider: which model, and the profile the LLM layer
// needs to use it well (limits, tool-call format, streaming, reasoning, prices).
import type { App, SettingDefinitionItem } from 'obsidian';
import type { ModelPhase, ProviderId, ReeveSettings } from '../../settings/settings';
import { renderTestModel } from './test-model-setting';

const PHASE_DESC: Record<ModelPhase, string> = {
  explore: 'Used to look around the vault: many small calls, so a cheap, fast model.',
  plan: 'Used to write the organize rules and plans: fewer calls, so a stronger model.',
};

export function modelSettingGroup(id: ProviderId, phase: ModelPhase, heading: string, visible: () => boolean, app: App, settings: () => ReeveSettings): SettingDefinitionItem {
  const key = (field: string): string => `providers.${id}.${phase}.${field}`;
  return {
    type: 'group',
    heading,
    visible,
    items: [
      { name: 'Model', desc: `${PHASE_DESC[phase]} The name as the provider spells it.`, control: { type: 'text', key: key('model') } },
      { name: 'Context window', desc: 'Tokens the model reads at most (its documented limit; for local models, the context size the server runs with).', control: { type: 'number', key: key('contextWindow'), min: 1 } },
      { name: 'Max output tokens', desc: 'Tokens a reply may have at most; less than the context window.', control: { type: 'number', key: key('maxOutputTokens'), min: 1 } },
      {
        name: 'Tool format',
        desc: 'Native uses the provider\'s tool calling. For local models without it: Hermes (<tool_call> blocks) or JSON (a JSON object in the reply).',
        control: { type: 'dropdown', key: key('toolFormat'), options: { native: 'Native', hermes: 'Hermes', json: 'JSON' } },
      },
      { name: 'Streaming', desc: 'Show replies as they are written. Turn off for servers that stream badly.', control: { type: 'toggle', key: key('streaming') } },
      { name: 'Reasoning', desc: 'Ask for and show the model\'s reasoning where the provider supports it.', control: { type: 'toggle', key: key('reasoning') } },
      { name: 'Input price', desc: 'US dollars per million input tokens, for the cost shown after each run.', control: { type: 'number', key: key('prices.input'), min: 0 } },
      { name: 'Output price', desc: 'US dollars per million output tokens.', control: { type: 'number', key: key('prices.output'), min: 0 } },
      { name: 'Cached input price', desc: 'US dollars per million cached input tokens.', control: { type: 'number', key: key('prices.cachedInput'), min: 0 } },
      { name: 'Test model', render: (setting) => renderTestModel(setting, app, settings, phase) },
    ],
  };
}
