// The models in the composer: the planning model (Task) and the exploration model (Scout, Web)
// the next messages run on, picked from the profiles the settings configure (model-switch.ts),
// without changing the settings. Each picker starts at the settings' own model and is read again
// when it gets the focus (the settings may have changed); with one model only there is nothing to
// pick and the row is hidden.
import type { ChatHost, RunOverrides } from './chat-host';

const PHASES = [
  { phase: 'plan', label: 'Planning model', tip: 'The model the Task agent plans with, for the next messages' },
  { phase: 'explore', label: 'Exploration model', tip: 'The model Scout and Web explore with, for the next messages' },
] as const;

export class ComposerModels {
  readonly selects = new Map<'plan' | 'explore', HTMLSelectElement>();
  /** The user's picks; a phase absent runs on the settings' model. */
  private readonly picked = new Map<'plan' | 'explore', string>();

  constructor(
    private readonly el: HTMLElement,
    private readonly host: ChatHost,
  ) {
    el.addClass('reeve-chat-models');
    for (const p of PHASES) {
      const label = el.createEl('label', { cls: 'reeve-chat-model' });
      label.createSpan({ text: p.label });
      const select = label.createEl('select', { cls: 'dropdown', attr: { title: p.tip } });
      select.addEventListener('focus', () => this.fill());
      select.addEventListener('change', () => {
        const m = this.host.models();
        if (select.value === m[p.phase]) this.picked.delete(p.phase);
        else this.picked.set(p.phase, select.value);
      });
      this.selects.set(p.phase, select);
    }
    this.fill();
  }

  /** Options from the settings as they are now; a pick no longer offered falls back to the settings' model. */
  fill(): void {
    const m = this.host.models();
    this.el.toggleClass('reeve-hidden', m.options.length < 2);
    for (const p of PHASES) {
      const select = this.selects.get(p.phase);
      if (!select) continue;
      select.empty();
      for (const o of m.options) select.createEl('option', { text: m.labels.get(o.key) ?? o.model, value: o.key });
      const want = this.picked.get(p.phase);
      if (want !== undefined && !m.options.some((o) => o.key === want)) this.picked.delete(p.phase);
      select.value = this.picked.get(p.phase) ?? m[p.phase] ?? '';
    }
  }

  /** The models picked, for the next message. */
  overrides(): RunOverrides {
    this.fill();
    const plan = this.picked.get('plan');
    const explore = this.picked.get('explore');
    return { ...(plan !== undefined ? { plan } : {}), ...(explore !== undefined ? { explore } : {}) };
  }
}
