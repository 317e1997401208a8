// Scout's two control tools. `update_selection` keeps the running selection (the answer Scout
// gives, at any moment): every path must be a note outside the walls, at most `maxNotes` of them;
// confidence "done" ends exploration. `ask_user` pauses for the user's answer; when nobody can
// answer now (a non-interactive run) it ends Scout and the run stops with the question.

import * as v from 'valibot';
import { closestStrings } from '../../edits/text/similar-text';
import { defineTool, type Tool } from '../tools/tool';
import { LIMITS } from '../tools/argument-limits';
import { tokenCount } from '../pipeline/numbered-note';
import { plural, type ScoutDeps } from './scout-deps';

export interface ScoutControl {
  /** The question that is waiting for an answer, when the run must stop for it. */
  pendingQuestion: string | null;
  onQuestion: (question: string) => void;
  onAnswer: (question: string, answer: string) => void;
  onSelection: () => void;
}

export function scoutControlTools(deps: ScoutDeps, control: ScoutControl): Tool[] {
  const update = defineTool({
    name: 'update_selection',
    description: 'Sets the notes you have chosen so far (the whole selection, not a change to it), why, and how sure you are. Call it after every step that changes your mind; "done" ends the search.',
    input: v.object({
      selectedPaths: v.pipe(v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(LIMITS.path))), v.maxLength(100)),
      reasoning: v.pipe(v.string(), v.maxLength(LIMITS.reasoning)),
      confidence: v.picklist(['exploring', 'confident', 'done']),
    }),
    async run({ selectedPaths, reasoning, confidence }) {
      const notes = (await deps.vault.list()).filter((e) => e.kind === 'file' && e.path.endsWith('.md'));
      const exists = new Set(notes.map((e) => e.path));
      const kept: string[] = [];
      const problems: string[] = [];
      for (const raw of selectedPaths) {
        const path = exists.has(raw) ? raw : exists.has(`${raw}.md`) ? `${raw}.md` : null;
        if (path === null) {
          const near = closestStrings(raw, exists);
          problems.push(`"${raw}" is not a note${near.length > 0 ? `; did you mean ${near.map((n) => `"${n}"`).join(' or ')}?` : ''}`);
        } else if (deps.wall(path)) problems.push(`"${path}" is in an excluded folder`);
        else if (!kept.includes(path)) kept.push(path);
      }
      const max = deps.settings.maxNotes;
      if (kept.length > max) problems.push(`only ${max} notes may be selected; kept the first ${max}`);
      const chosen = kept.slice(0, max);
      const tokens = new Map<string, number>();
      for (const p of chosen) tokens.set(p, tokenCount(await deps.vault.read(p)));
      deps.selection.select(chosen, reasoning, confidence, (p) => tokens.get(p) ?? 0);
      control.onSelection();
      const head = `Selection: ${plural(deps.selection.selected.length, 'note')} (${confidence}).`;
      const content = problems.length === 0 ? head : `${head} Not selected:\n${problems.map((p) => `- ${p}`).join('\n')}`;
      return { content, data: { summary: `${plural(deps.selection.selected.length, 'note')} selected` }, endsRun: confidence === 'done' };
    },
  });

  const ask = defineTool({
    name: 'ask_user',
    description: 'Asks the user one short question when the request is ambiguous and the vault cannot settle it. The run waits for the answer.',
    input: v.object({ question: v.pipe(v.string(), v.minLength(1), v.maxLength(500)) }),
    async run({ question }, { signal }) {
      control.onQuestion(question);
      const answer = await deps.askUser(question, signal);
      if (answer === null) {
        control.pendingQuestion = question;
        return { content: 'Nobody can answer now; the run stops here with your question.', data: { summary: 'waiting for an answer' }, endsRun: true };
      }
      control.onAnswer(question, answer);
      return { content: `The user answered: ${answer}`, data: { summary: 'answered' } };
    },
  });
  return [update, ask];
}
