// The Task's opening fitted to the planning model's context window. The token limit (the user's
// setting) bounds the notes and what Scout learned; the window bounds the whole request: rules,
// chat history, prior context, notes, the web's pages and the request, with room left for the
// model's reply and for one correction turn. What does not fit goes in this order: the oldest
// chat history (down to half of what is left), then notes, least relevant first (task-context.ts).

import type { ChatMessage } from '../llm/chat-types';
import type { ModelProfile } from '../llm/model-profile';
import { estimateTokens } from '../loop/context-budget';
import type { DroppedNote } from './pipeline-context';
import { fitTokenLimit, type ContextCandidate } from './task-context';

/** The propose_edits tool as the provider gets it (its schema), or its text in a local model's prompt. */
const TOOL_TOKENS = 1000;

export interface TaskWindow {
  notes: ContextCandidate[];
  history: ChatMessage[];
  /** Notes left out for the window (after those left out for the token limit). */
  dropped: DroppedNote[];
  /** Tokens the notes had at most. */
  notesLimit: number;
}

/** Tokens the opening may take: the window less the reply and one correction turn's room. */
export function openingRoom(profile: Pick<ModelProfile, 'contextWindow' | 'maxOutputTokens'>): number {
  const correction = Math.min(profile.maxOutputTokens, Math.floor(profile.contextWindow / 8)) + 256;
  return profile.contextWindow - profile.maxOutputTokens - TOOL_TOKENS - correction;
}

export function fitTaskWindow(
  profile: Pick<ModelProfile, 'contextWindow' | 'maxOutputTokens'>,
  notes: readonly ContextCandidate[],
  history: readonly ChatMessage[],
  build: (notes: readonly ContextCandidate[], history: readonly ChatMessage[]) => ChatMessage[],
): TaskWindow {
  const room = openingRoom(profile);
  const fixed = estimateTokens(build([], []));
  // The newest history first, up to half of what the rules, request and context leave.
  let kept = 0;
  let historyTokens = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const t = estimateTokens([history[i] as ChatMessage]);
    if (historyTokens + t > (room - fixed) / 2) break;
    historyTokens += t;
    kept++;
  }
  let keptHistory = history.slice(history.length - kept);
  // Never open on an answer whose request was left out.
  if (keptHistory[0]?.role === 'assistant') keptHistory = keptHistory.slice(1);
  const notesLimit = Math.max(0, room - estimateTokens(build([], keptHistory)));
  const fitted = fitTokenLimit(notes, notesLimit, 'did not fit the model\'s context window');
  return { notes: fitted.kept, history: keptHistory, dropped: fitted.dropped, notesLimit };
}
