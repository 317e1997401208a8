// A chat as Reeve keeps it: its messages, each with what the user asked, which agents ran, the
// note they were in, the turn as the Task agent will see it later (answer, edits and what came of
// them), the run's events (compacted) for the view to show again, and its tokens and cost. Plain
// data, so a chat file is readable JSON without Reeve.

import type { PhaseUsage } from '../pipeline/pipeline-context';
import type { PhaseName, PipelineEvent } from '../pipeline/pipeline-events';
import type { ChatTurn } from '../task/chat-history';

/** What a proposed edit block held, to tell later whether the user accepted or rejected it. */
export interface ProposalTexts {
  id: string;
  file: string;
  before: string;
  after: string;
  /** The proposal created the note (rejecting it trashes the note). */
  newNote?: true;
}

export interface ChatMessageRecord {
  /** Unique in the chat. */
  id: string;
  request: string;
  agents: Record<PhaseName, boolean>;
  currentNote: string | null;
  /** Notes the user added by hand, and the context settings the message was sent with. */
  manual: string[];
  depth: number;
  sameFolder: boolean;
  /** The request, answer and edits with their states, as the history gives them to the model. */
  turn: ChatTurn;
  /** The run's events, text and reasoning deltas merged (see compact-events.ts). */
  events: PipelineEvent[];
  /** The notes the Task agent read (after its token limit), for citations; absent in older chat files. */
  read?: string[];
  /** The texts of the proposed blocks, for `refreshEditStates`. */
  proposals: ProposalTexts[];
  usage: Record<PhaseName, PhaseUsage>;
  /** All phases together. */
  total: PhaseUsage;
  stopped: boolean;
  error: string | null;
  /** An `ask_user` question the run stopped on, unanswered. */
  question: string | null;
}

export interface Chat {
  id: string;
  title: string;
  /** ISO times. */
  createdAt: string;
  updatedAt: string;
  messages: ChatMessageRecord[];
}

export interface ChatSummary {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  messageCount: number;
  /** Why the file cannot be opened (corrupt, foreign, a newer format); null when it can. */
  problem: string | null;
}
