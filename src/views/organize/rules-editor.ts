// The rules editor in Reeve's settings: one card per saved rule, checked as you type with the
// same compiler the organize run uses (errors appear under the field, with line:col), the tags and
// properties a rule sets (checked as you type too), and a "Test rule" button that lists the files
// the condition matches now.
import { Component } from 'obsidian';
import { propertiesText, readPropertiesText, readTagsText, tagsText } from '../../settings/rule-edit-fields';
import { checkCondition, ruleProblems, type SavedRule } from '../../settings/rule-settings';
import type { RulePreview } from './rule-preview';

export interface RulesEditorDeps {
  rules: () => readonly SavedRule[];
  save: (rules: SavedRule[]) => Promise<void>;
  preview: (condition: string) => Promise<RulePreview>;
}

// A new rule starts switched off: it runs (and automatic mode uses it) once the user turns it on.
const NEW_RULE: SavedRule = { name: '', if: 'file.ext == "pdf"', thenMoveTo: 'Documents/PDFs', enabled: false };

export class RulesEditor extends Component {
  private rules: SavedRule[] = [];
  /** One re-check per card: a rename can make another card's name a duplicate. */
  private checks: (() => void)[] = [];
  /** The listeners of the rendered rules; replaced with them on each render. */
  private view: Component | null = null;

  constructor(
    private readonly containerEl: HTMLElement,
    private readonly deps: RulesEditorDeps,
  ) {
    super();
  }

  override onload(): void {
    this.rules = structuredClone([...this.deps.rules()]);
    this.render();
  }

  override onunload(): void {
    this.containerEl.empty();
  }

  private listen(): Component {
    return this.view ?? this;
  }

  private render(): void {
    if (this.view) this.removeChild(this.view);
    this.view = this.addChild(new Component());
    this.containerEl.empty();
    this.checks = [];
    this.containerEl.addClass('reeve-rules-editor');
    if (this.rules.length === 0) this.containerEl.createEl('p', { cls: 'reeve-rules-empty', text: 'No rules yet. Organize uses heuristics (and the agent, when a provider is set) until you add one.' });
    this.rules.forEach((_rule, i) => this.renderRule(i));
    const add = this.containerEl.createEl('button', { text: 'Add rule', cls: 'reeve-rule-add' });
    this.listen().registerDomEvent(add, 'click', () => {
      this.rules.push({ ...NEW_RULE, name: `Rule ${this.rules.length + 1}` });
      void this.commit();
      this.render();
    });
  }

  private renderRule(i: number): void {
    const rule = this.rules[i];
    if (!rule) return;
    const card = this.containerEl.createDiv({ cls: 'reeve-rule' });
    card.dataset.index = String(i);
    const header = card.createDiv({ cls: 'reeve-rule-header' });
    const name = this.field(header, 'Name', 'input', rule.name, (v) => (rule.name = v));
    name.addClass('reeve-rule-name');
    const enabledLabel = header.createEl('label', { cls: 'reeve-rule-enabled', text: 'On' });
    const enabled = enabledLabel.createEl('input', { type: 'checkbox' });
    enabled.checked = rule.enabled;
    this.listen().registerDomEvent(enabled, 'change', () => {
      rule.enabled = enabled.checked;
      void this.commit();
    });
    const test = header.createEl('button', { text: 'Test rule' });
    const remove = header.createEl('button', { text: 'Delete', cls: 'mod-warning' });
    this.listen().registerDomEvent(remove, 'click', () => {
      this.rules.splice(i, 1);
      void this.commit();
      this.render();
    });

    const condition = this.field(card, 'If', 'textarea', rule.if, (v) => (rule.if = v));
    condition.addClass('reeve-rule-if');
    const conditionError = card.createDiv({ cls: 'reeve-rule-error' });
    this.field(card, 'Move to', 'input', rule.thenMoveTo ?? '', (v) => setOptional(rule, 'thenMoveTo', v)).addClass('reeve-rule-move');
    this.field(card, 'Rename to', 'input', rule.thenRenameTo ?? '', (v) => setOptional(rule, 'thenRenameTo', v)).addClass('reeve-rule-rename');
    this.field(card, 'Add tags', 'input', tagsText(rule.thenAddTags), (v) => setTags(rule, 'thenAddTags', v)).addClass('reeve-rule-add-tags');
    this.field(card, 'Remove tags', 'input', tagsText(rule.thenRemoveTags), (v) => setTags(rule, 'thenRemoveTags', v)).addClass('reeve-rule-remove-tags');
    const properties = this.field(card, 'Set properties', 'textarea', propertiesText(rule.thenSetProperties), (v) => {
      const read = readPropertiesText(v);
      propertiesError.setText(read.ok ? '' : read.problem);
      // A line that does not read is kept as typed, so the rule is reported and nothing is lost.
      if (!read.ok) Object.assign(rule, { thenSetProperties: v });
      else if (Object.keys(read.properties).length === 0) delete rule.thenSetProperties;
      else rule.thenSetProperties = read.properties;
    });
    properties.addClass('reeve-rule-properties');
    properties.setAttr('placeholder', 'status: processed');
    const propertiesError = card.createDiv({ cls: 'reeve-rule-error reeve-rule-properties-error' });
    // Lines kept as typed last time (they did not read) are reported again when the card opens.
    const kept = readPropertiesText(propertiesText(rule.thenSetProperties));
    if (!kept.ok) propertiesError.setText(kept.problem);
    const priority = this.field(card, 'Priority', 'input', rule.priority === undefined ? '' : String(rule.priority), (v) => {
      const n = Number(v);
      if (v.trim() === '' || !Number.isFinite(n)) delete rule.priority;
      else rule.priority = n;
    });
    priority.addClass('reeve-rule-priority');
    const ruleError = card.createDiv({ cls: 'reeve-rule-problem' });
    const preview = card.createDiv({ cls: 'reeve-rule-preview' });

    const check = (): void => {
      const problem = checkCondition(rule.if);
      conditionError.setText(problem ? `Line ${problem.line}, column ${problem.col}: ${problem.message}` : '');
      condition.toggleClass('is-invalid', problem !== null);
      // Problems beyond the condition (no action, a bad folder, a duplicate name) show under the card.
      const whole = problem ? null : (ruleProblems(this.rules)[i] ?? null);
      ruleError.setText(whole ?? '');
      card.toggleClass('is-invalid', problem !== null || whole !== null);
    };
    this.checks.push(check);
    check();
    this.listen().registerDomEvent(test, 'click', () => void this.showPreview(rule.if, preview));
  }

  /** A labelled input or textarea whose edits update the rule, re-check it and save. */
  private field(parent: HTMLElement, label: string, kind: 'input' | 'textarea', value: string, set: (v: string) => void): HTMLInputElement | HTMLTextAreaElement {
    const wrap = parent.createEl('label', { cls: 'reeve-rule-field' });
    wrap.createSpan({ text: label });
    const el = kind === 'textarea' ? wrap.createEl('textarea', { attr: { rows: '2', spellcheck: 'false' } }) : wrap.createEl('input', { type: 'text' });
    el.value = value;
    this.listen().registerDomEvent(el, 'input', () => {
      set(el.value);
      for (const c of this.checks) c();
      void this.commit();
    });
    return el;
  }

  private async showPreview(condition: string, el: HTMLElement): Promise<void> {
    el.empty();
    el.setText('Matching…');
    try {
      const result = await this.deps.preview(condition);
      el.empty();
      const more = result.total > result.paths.length ? `, first ${result.paths.length} shown` : '';
      el.createEl('p', { text: `${result.total} ${result.total === 1 ? 'file matches' : 'files match'}${more}.` });
      const list = el.createEl('ul');
      for (const path of result.paths) list.createEl('li', { text: path });
    } catch (e) {
      el.setText(`Cannot test: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** Saves every edit, valid or not: a rule being typed is never lost; the run skips invalid ones. */
  private async commit(): Promise<void> {
    await this.deps.save(structuredClone(this.rules));
  }
}

function setTags(rule: SavedRule, key: 'thenAddTags' | 'thenRemoveTags', value: string): void {
  const tags = readTagsText(value);
  if (tags.length === 0) delete rule[key];
  else rule[key] = tags;
}

function setOptional(rule: SavedRule, key: 'thenMoveTo' | 'thenRenameTo', value: string): void {
  if (value === '') delete rule[key];
  else rule[key] = value;
}
