// `reeve pending <vault> list|accept|reject [--id ID | --all] [--note NOTE] [--unrecorded] [--json]`:
// the pending blocks of a vault, and deciding them. Decided edits run through the journal, the
// edits of one command as one job, so one `reeve undo` takes them back. Accepting holds each block
// to the policy it was proposed under and to the vault's settings now (data.json: walls and the
// Task's capabilities); a block Reeve has no record of needs --unrecorded to be accepted or rejected.
import { journaledNotesWriter, journaledNoteWriter } from '../../edits/journal/journaled-note-writer';
import { runRecordedOperations } from '../../edits/pending/run-recorded-operations';
import { decideAllBlocks, decideBlockById, listPendingBlocks, type DecideOptions, type DecisionOutcome } from '../../edits/pending/decide-blocks';
import { ORGANIZE_CAPABILITIES } from '../../edits/scope/scope-policy';
import { editAcceptPolicy } from '../../settings/accept-policy';
import type { VaultPort } from '../../vault-vfs/vault-port';
import { parseArgs } from '../args';
import { type CliCommand, FailureError, UsageError } from '../command';
import { openVault } from '../open-vault';
import { readVaultSettings } from '../vault-walls';
import { assertNoInterruptedJob } from './recover';

async function decideOptions(port: VaultPort, decision: string, confirmUnrecorded: boolean): Promise<DecideOptions> {
  // The vault's settings now (data.json, as the plugin saved them): its walls and the Task's
  // capabilities; the CLI has no organize settings of its own, so operations keep every organize
  // capability. Each block is also held to the policy Reeve recorded when it proposed it.
  const policy = editAcceptPolicy(await readVaultSettings(port), port.configDir, ORGANIZE_CAPABILITIES);
  return {
    policy,
    confirmUnrecorded,
    writer: journaledNoteWriter(port, `pending ${decision} (reeve CLI)`),
    writeAll: journaledNotesWriter(port, `pending ${decision} --all (reeve CLI)`),
    runAccepted: async (note, ids) => {
      const r = await runRecordedOperations(port, note, policy, ids, { confirmUnrecorded });
      const held = r.held.map((h) => ({ id: h.id, status: 'refused' as const, reason: h.reason, unrecorded: h.unrecorded }));
      return [...held, ...r.results.map((x) => (x.state === 'done' ? { id: x.id, status: 'done' as const } : { id: x.id, status: 'refused' as const, reason: x.error ?? 'failed' }))];
    },
  };
}

function outcomeLine(o: DecisionOutcome): string {
  const what = `${o.decision === 'accept' ? 'accepted' : 'rejected'} ${o.kind} ${o.id ?? '(no id)'} in ${o.note}`;
  return o.status === 'done' ? what : `refused  ${o.kind} ${o.id ?? '(no id)'} in ${o.note || '?'}: ${o.reason ?? ''}`;
}

export const pendingCommand: CliCommand = {
  name: 'pending',
  summary: 'list, accept or reject pending edit and operation blocks',
  usage: [
    'usage: reeve pending <vault> list [--note NOTE] [--json]',
    '       reeve pending <vault> accept|reject (--id ID | --all) [--note NOTE] [--unrecorded] [--json]',
    '  accept and reject decide only blocks Reeve proposed in this vault (its ledger records each one);',
    '  an edit block it has no record of (typed, pasted, synced from elsewhere, or changed) is refused',
    '  as "not proposed here" unless --unrecorded confirms deciding it anyway (never a trash)',
    '  accept also checks the policy the block was proposed under and the vault\'s settings now',
    '  (its walls and the Task\'s capabilities in data.json); the edits of one command are one job for undo',
    '  list prints [{"id","kind":"edit"|"op","note","type","state","line","proposedHere","target"}] with --json',
    '  reject --id on a damaged edit block writes back its original text when it can be recovered',
  ].join('\n'),
  async run(args, io) {
    const parsed = parseArgs(args, { values: ['id', 'note'], booleans: ['all', 'json', 'unrecorded'] });
    const [dir, action, extra] = parsed.positionals;
    if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
    if (action !== 'list' && action !== 'accept' && action !== 'reject') throw new UsageError(`expected list, accept or reject, got ${action === undefined ? 'nothing' : `"${action}"`}`);
    const id = parsed.values.get('id');
    const note = parsed.values.get('note');
    const all = parsed.booleans.has('all');
    const json = parsed.booleans.has('json');
    if (action === 'list' && (id !== undefined || all)) throw new UsageError('list takes no --id or --all');
    if (action !== 'list' && (id === undefined) === !all) throw new UsageError(`${action} needs exactly one of --id ID or --all`);
    if (action === 'list' && parsed.booleans.has('unrecorded')) throw new UsageError('--unrecorded goes with accept or reject');
    const port = await openVault(dir, io);
    if (action === 'list') {
      const entries = await listPendingBlocks(port, note);
      io.stdout(json ? JSON.stringify(entries) + '\n' : entries.map((e) => `${e.state.padEnd(8)} ${e.kind.padEnd(4)} ${e.type.padEnd(14)} ${e.id ?? '(no id)'}  ${e.note}:${e.line}${e.target === undefined ? '' : `  ${e.target}`}${e.proposedHere === false ? '  (not proposed here)' : ''}`).join('\n') + (entries.length ? '\n' : 'no pending blocks\n'));
      return 0;
    }
    await assertNoInterruptedJob(port);
    const opts = await decideOptions(port, action, parsed.booleans.has('unrecorded'));
    const outcomes = id !== undefined ? [await decideBlockById(port, id, action, opts)] : await decideAllBlocks(port, action, opts, note);
    io.stdout(json ? JSON.stringify(outcomes) + '\n' : outcomes.map(outcomeLine).join('\n') + (outcomes.length ? '\n' : 'no pending blocks\n'));
    const refused = outcomes.filter((o) => o.status === 'refused');
    if (refused.length > 0) {
      throw new FailureError(refused.length === 1 && outcomes.length === 1 ? (refused[0]?.reason ?? 'refused') : `${refused.length} of ${outcomes.length} blocks were refused; see above`);
    }
    return 0;
  },
};
