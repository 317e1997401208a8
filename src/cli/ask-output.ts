// What `reeve ask` prints: the phases as they run (one line per step, the answer streamed), and
// with --json one document in the shape DESIGN.md fixes.

import { namedAndCounted } from '../agents/pipeline/named-and-counted';
import type { AskResult } from '../agents/pipeline/run-pipeline';
import { totalUsage } from '../agents/pipeline/pipeline-context';
import type { PipelineEvent } from '../agents/pipeline/pipeline-events';

const PHASE_TITLE = { scout: 'Scout', web: 'Web', task: 'Task' } as const;

function tokens(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n);
}

/** Notes named at most in the "left out" line; a hub note's links can number in the hundreds. */
export const LEFT_OUT_NAMED = 8;

/** The notes the token limit left out, the first few by name and the rest counted (`--json` lists all). */
export function leftOutLine(paths: readonly string[], limit: number): string {
  const listed = namedAndCounted(paths, LEFT_OUT_NAMED);
  return `  over the ${tokens(limit)}-token limit, ${paths.length} note${paths.length === 1 ? '' : 's'} left out: ${listed}${paths.length > LEFT_OUT_NAMED ? ' (--json lists them all)' : ''}`;
}

/** A listener that prints a run as it happens. */
export function progressPrinter(write: (text: string) => void): (event: PipelineEvent) => void {
  let streaming = false;
  const line = (text: string): void => {
    if (streaming) write('\n');
    streaming = false;
    write(`${text}\n`);
  };
  return (e) => {
    switch (e.type) {
      case 'phase_started':
        line(`── ${PHASE_TITLE[e.phase]}`);
        break;
      case 'tool_result':
        if (e.name !== 'propose_edits') line(`  ${e.name === 'update_selection' ? '' : '· '}${e.summary}`);
        break;
      case 'tool_call':
        if (e.name !== 'propose_edits' && e.name !== 'update_selection') line(`  ${e.summary}…`);
        break;
      case 'selection_updated':
        line(`  selection (${e.confidence}): ${e.selected.map((s) => s.path).join(', ') || 'none'}`);
        break;
      case 'web_search':
        line(`  searched the web for '${e.query}' — ${e.results} results`);
        break;
      case 'web_page':
        line(`  ${e.status === 'read' ? 'read' : e.status} ${e.url}${e.status === 'read' ? ` (${tokens(e.tokens)} tokens)` : e.reason ? `: ${e.reason}` : ''}`);
        break;
      case 'notes_dropped':
        line(leftOutLine(e.dropped.map((d) => d.path), e.limit));
        break;
      case 'question':
        line(`  question: ${e.question}`);
        break;
      case 'question_answered':
        line(`  answer: ${e.answer}`);
        break;
      case 'retry':
        line(`  (retrying: ${e.reason})`);
        break;
      case 'phase_finished':
        line(`  ${e.stopped ? 'stopped; ' : ''}${tokens(e.usage.inputTokens)} in, ${tokens(e.usage.outputTokens)} out, $${e.costUsd.toFixed(4)}`);
        break;
      case 'edits_proposed':
        line(`Proposed ${e.edits.length} edit${e.edits.length === 1 ? '' : 's'} as pending blocks:\n${e.edits.map((x) => `  ${x.id}  ${x.type}  ${x.file}`).join('\n')}`);
        break;
      case 'edits_refused':
        line(`Refused:\n${e.refused.map((r) => `  ${r.file || '(answer)'}: ${r.reason}`).join('\n')}`);
        break;
      case 'notes_opened':
        line(`To open: ${e.paths.join(', ')}`);
        break;
      // An error ends the run; ask prints it once, on stderr.
      case 'stopped':
        line('Stopped.');
        break;
      default:
        break;
    }
  };
}

/** The `ask --json` document. */
export function askJson(r: AskResult): Record<string, unknown> {
  const total = totalUsage(r.ctx);
  const o = r.outcome;
  return {
    answer: r.answer,
    edits: (o?.proposed ?? []).map((p) => ({ id: p.id, file: p.note, type: p.type })),
    refused: (o?.refused ?? []).map((x) => ({ file: x.file, reason: x.reason })),
    opened: o?.opened ?? [],
    scout: { selected: r.ctx.scout.selected.map((s) => ({ path: s.path, why: s.why })), confidence: r.ctx.scout.ran ? r.ctx.scout.confidence : null },
    web: { queries: r.ctx.web.queries, sources: r.ctx.web.sources.map((s) => ({ url: s.url, tokens: s.tokens })) },
    dropped: r.ctx.dropped.map((d) => ({ path: d.path, tokens: d.tokens, reason: d.reason })),
    usage: {
      scout: r.ctx.usage.scout.usage,
      web: r.ctx.usage.web.usage,
      task: r.ctx.usage.task.usage,
      total: total.usage,
      costUsd: Math.round(total.costUsd * 1e6) / 1e6,
    },
    stopped: r.stopped,
    question: r.question,
    ...(r.error === null ? {} : { error: r.error }),
  };
}
