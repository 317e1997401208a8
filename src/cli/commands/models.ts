// `reeve models check --provider P [--base-url URL] --model M [--json]`: does this model call
// tools, and in which format? Sends one tiny made-up request (add two numbers) natively and in
// each text format, and says which works, how fast, and what to set. Nothing from a vault is sent.
import { systemClock } from '../../agents/llm/clock';
import { checkModel, recommendation, type ModelCheckReport } from '../../agents/llm/model-check';
import { parseArgs } from '../args';
import { EXIT_FAILURE, EXIT_OK, UsageError, type CliCommand } from '../command';
import { PROVIDER_USAGE, providerFromFlags } from '../provider-flags';

const USAGE = [
  'usage: reeve models check --provider P [--base-url URL] --model M [--json]',
  '       sends one small request that needs one tool call (adding two numbers; nothing from a',
  '       vault), natively and then in the Hermes and JSON text formats, and says which works,',
  '       how fast, and which tool format to set. Exit 0 when one works, 1 when none does.',
  PROVIDER_USAGE,
].join('\n');

export const modelsCommand: CliCommand = {
  name: 'models',
  summary: 'check which tool-call format a model answers in',
  usage: USAGE,
  async run(args, io) {
    const parsed = parseArgs(args, { values: ['provider', 'base-url', 'model'], booleans: ['json'] });
    const [sub, extra] = parsed.positionals;
    if (sub !== 'check') throw new UsageError(sub === undefined ? 'name what to do: reeve models check' : `unknown models command "${sub}"; use check`);
    if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
    const choice = providerFromFlags(parsed, io.env);
    if (choice === null) throw new UsageError('reeve models check needs --provider (and --base-url, --model for a local server)');
    const report = await checkModel({ ...choice, fetch: (input, init) => globalThis.fetch(input, init), allowBrowser: false, clock: systemClock });
    if (parsed.booleans.has('json')) {
      io.stdout(JSON.stringify({ model: choice.profile.model, ...report, advice: recommendation(report) }) + '\n');
    } else {
      io.stdout(render(choice.profile.model, report) + '\n');
    }
    if (report.recommended !== null) return EXIT_OK;
    io.stderr(`error: ${recommendation(report)}\n`);
    return EXIT_FAILURE;
  },
};

function render(model: string, report: ModelCheckReport): string {
  const lines = [`${model}:`];
  for (const a of report.attempts) {
    const name = a.format === 'native' ? `native${a.streaming ? '' : ' (not streamed)'}` : `${a.format} text`;
    lines.push(`  ${name.padEnd(21)} ${a.works ? 'works' : 'fails'}  ${(a.ms / 1000).toFixed(1)} s  ${a.detail}`);
  }
  lines.push(recommendation(report));
  return lines.join('\n');
}
