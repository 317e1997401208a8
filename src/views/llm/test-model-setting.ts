// "Test model" under each phase's model: the check `reeve models check` runs (model-check.ts), on
// the settings as they are saved for that phase, with the plugin's key and transport. It sends one
// made-up request that needs one tool call (nothing from the vault) and says in the row which
// tool format works, how fast, and what to set.
import { type App, type Setting } from 'obsidian';
import { systemClock } from '../../agents/llm/clock';
import { checkModel, recommendation, type ModelCheckReport } from '../../agents/llm/model-check';
import type { ModelPhase, ReeveSettings } from '../../settings/settings';
import { createLlmClient, type CreateLlmClientOptions } from '../../agents/llm/create-client';
import { pluginClientOptions } from './plugin-llm-client';

const DESC = 'Sends one small request that needs one tool call (adding two numbers; nothing from your vault), natively and then as Hermes and JSON text, and says which works.';

function attemptsLine(report: ModelCheckReport): string {
  return report.attempts.map((a) => `${a.format}${a.streaming ? '' : ' (no streaming)'}: ${a.works ? 'works' : 'fails'} in ${(a.ms / 1000).toFixed(1)} s, ${a.detail}`).join('; ');
}

function configProblem(options: CreateLlmClientOptions): string | null {
  try {
    createLlmClient(options);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

export function renderTestModel(setting: Setting, app: App, settings: () => ReeveSettings, phase: ModelPhase): void {
  setting.setDesc(DESC);
  const result = setting.descEl.createDiv({ cls: 'reeve-model-check', attr: { 'aria-live': 'polite' } });
  setting.addButton((b) =>
    b.setButtonText('Test model').onClick(async () => {
      const made = pluginClientOptions(app, settings(), phase);
      result.empty();
      // A client is made first only to find what the settings lack (a key, a base URL) before sending.
      const problem = made.ok ? configProblem(made.options) : made.reason;
      if (problem !== null || !made.ok) {
        result.setText(`Cannot test: ${problem ?? ''}`);
        return;
      }
      b.setDisabled(true);
      result.setText('Testing…');
      try {
        const report = await checkModel({ ...made.options, clock: systemClock });
        result.empty();
        result.createDiv({ cls: report.recommended ? 'reeve-model-check-ok' : 'reeve-model-check-fail', text: recommendation(report) });
        result.createDiv({ text: attemptsLine(report) });
      } catch (e) {
        result.setText(`The test failed: ${e instanceof Error ? e.message : String(e)}`);
      } finally {
        b.setDisabled(false);
      }
    }),
  );
}
