// From the Task agent's answer to pending blocks. The answer is parsed, each edit resolved against
// its note, and the scope policy applied (in code, whatever the prompt said); while the model has
// corrections left, any refusal is handed back with what it needs to do better and nothing is
// written; after that, the allowed edits become pending blocks and the refusals are reported.

import { parseTaskAnswer } from '../../edits/instructions/parse-answer';
import { resolveAnswer, type EditPlan } from '../../edits/instructions/resolve-answer';
import { proposeEdits, type ProposedBlock } from '../../edits/pending/propose-edits';
import { filter } from '../../edits/scope/filter-proposals';
import type { EditCapability, ScopePolicy } from '../../edits/scope/scope-policy';
import type { VaultPort } from '../../vault-vfs/vault-port';
import { explainRefusal, type FeedbackSources } from './edit-feedback';

export interface TaskOutcome {
  summary: string;
  proposed: ProposedBlock[];
  refused: { file: string; reason: string }[];
  /** Notes to open for the user (navigate), already through the policy. */
  opened: string[];
}

/** Thrown while corrections are left: the message tells the model what to fix; nothing was written. */
export class AnswerNeedsCorrection extends Error {}

export interface ProposeOptions {
  vault: VaultPort;
  policy: ScopePolicy;
  /** Whether refusals go back to the model (true) or are final (false). */
  mayCorrect: boolean;
  /** The run's Stop: looked at between notes while the blocks are written. */
  signal?: AbortSignal;
  /** An outside agent's name (an MCP client), recorded in the ledger as the proposer. */
  proposer?: string;
}

async function feedbackSources(vault: VaultPort, plan: EditPlan, policy: ScopePolicy): Promise<FeedbackSources> {
  const paths = (await vault.list()).filter((e) => e.kind === 'file' && e.path.endsWith('.md')).map((e) => e.path);
  const caps = new Set([...policy.capabilities].filter((c): c is EditCapability => ['add', 'delete', 'create', 'navigate'].includes(c)));
  const texts = new Map<string, string>();
  for (const p of new Set(plan.refused.map((r) => r.file))) {
    // A refused path may be unsafe (`../x`): the vault refuses to look at it, and so do we.
    const text = await vault.read(p).catch(() => null);
    if (text !== null) texts.set(p, text);
  }
  return { text: (f) => texts.get(f) ?? plan.sources[f] ?? null, notePaths: () => paths, capabilities: caps };
}

export async function proposeAnswer(input: unknown, o: ProposeOptions): Promise<TaskOutcome> {
  const parsed = parseTaskAnswer(input);
  if (!parsed.ok) throw new AnswerNeedsCorrection(`Nothing was proposed: ${parsed.error}. Call propose_edits again with {"summary", "edits"}.`);
  const { answer, problems } = parsed;
  const plan = await resolveAnswer(o.vault, answer);
  const policyRefusals = [...filter(plan.edits, o.policy).refused, ...filter(plan.creates, o.policy).refused, ...filter(plan.opens, o.policy).refused].map((r) => ({ file: r.proposal.file, index: r.proposal.index, message: r.reason }));
  const all = [...plan.refused, ...policyRefusals].sort((a, b) => a.index - b.index);
  if (o.mayCorrect && (problems.length > 0 || all.length > 0)) {
    const sources = await feedbackSources(o.vault, plan, o.policy);
    const lines = [...problems.map((p) => `- ${p}`), ...all.map((r) => `- edits[${r.index}] (${r.file}): ${explainRefusal(r.file, r.message, sources)}`)];
    throw new AnswerNeedsCorrection(`Nothing was proposed yet; these edits cannot be made as written:\n${lines.join('\n')}\nCall propose_edits again with the whole answer, corrected (leave out what cannot be done, and say so in the summary).`);
  }
  // proposeEdits records each block in the proposal ledger before writing it.
  const report = await proposeEdits(o.vault, plan, o.policy, o.signal, o.proposer);
  const opened = filter(plan.opens, o.policy).allowed.map((r) => r.file);
  const refused = [
    ...problems.map((p) => ({ file: '', reason: p })),
    ...plan.refused.map((r) => ({ file: r.file, reason: r.message })),
    ...report.refused.map((r) => ({ file: r.file, reason: r.message })),
    ...filter(plan.opens, o.policy).refused.map((r) => ({ file: r.proposal.file, reason: r.reason })),
  ];
  return { summary: answer.summary, proposed: report.proposed, refused, opened };
}
