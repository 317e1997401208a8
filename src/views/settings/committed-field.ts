// A text or number field that commits when the user is done with it (leaves the field, or presses
// Enter), not on every keystroke. For settings that restart work (the embedding model and its
// dimensions restart the semantic index, and a paid build asks consent first), a commit per
// keystroke restarted the work for every partial name ("t", "te", "tex", …), and for a number
// field it refused "8", "80", "800" with a notice each while the user typed 8000. Obsidian's
// text components report every `input` event (TextComponent.onChange), so the field listens to
// `blur` and Enter itself, and commits only a value that differs from the last one committed.
import type { Setting, SettingDefinition } from 'obsidian';

export interface FieldValues {
  get(key: string): unknown;
  set(key: string, value: unknown): Promise<void>;
}

export interface CommittedFieldSpec {
  name: string;
  desc: string;
  key: string;
  kind: 'text' | 'number';
  placeholder?: string;
  min?: number;
  max?: number;
}

/** What a number field holds, as the settings validator takes it: a number, or the raw text it refuses. */
function numberOrText(raw: string): number | string {
  const n = Number(raw);
  return raw.trim() !== '' && Number.isFinite(n) ? n : raw;
}

/**
 * Adds the field to `setting` and returns the cleanup that removes its listeners. `initial` is
 * what the field shows; `commit` gets what the user leaves in it, once per change.
 */
export function addCommittedField(setting: Setting, spec: Omit<CommittedFieldSpec, 'name' | 'desc' | 'key'>, initial: string, commit: (value: unknown) => void): () => void {
  let cleanup = (): void => undefined;
  setting.addText((t) => {
    const input = t.inputEl;
    if (spec.kind === 'number') {
      input.type = 'number';
      if (spec.min !== undefined) input.min = String(spec.min);
      if (spec.max !== undefined) input.max = String(spec.max);
    }
    if (spec.placeholder) t.setPlaceholder(spec.placeholder);
    t.setValue(initial);
    let committed = initial;
    const done = (): void => {
      const v = input.value;
      if (v === committed) return;
      committed = v;
      commit(spec.kind === 'number' ? numberOrText(v) : v);
    };
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Enter') done();
    };
    input.addEventListener('blur', done);
    input.addEventListener('keydown', onKey);
    cleanup = () => {
      input.removeEventListener('blur', done);
      input.removeEventListener('keydown', onKey);
    };
  });
  return cleanup;
}

const shown = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** A setting row (a `render` row, so it behaves the same on every Obsidian version) with a committed field. */
export function committedField(spec: CommittedFieldSpec, values: FieldValues): SettingDefinition {
  return {
    name: spec.name,
    desc: spec.desc,
    render: (setting: Setting) => addCommittedField(setting, spec, shown(values.get(spec.key)), (v) => void values.set(spec.key, v)),
  };
}
