// The ledger of proposals: every `ai-edit` block and every plan operation Reeve writes into the
// vault is recorded first, in its own state folder (`<configDir>/plugins/reeve/ledger/`), with
// the note, the policy it was proposed under and a hash of its texts. Accepting checks the block
// against the ledger: a block Reeve has no record of (typed by hand, pasted from a web page,
// synced from another device, or changed since it was proposed) is "not proposed here" and runs
// only after an explicit confirmation; a recorded one is held to its recorded policy as well as
// to the settings of the moment. A note renamed since keeps its blocks: a block that matches its
// record and that no other note holds went with its note.
//
//   const ledger = ProposalLedger.of(port);
//   await ledger.record(blocks, note, policy);      // before the blocks are written
//   const verdict = await ledger.check(note, block); // { recorded: true, policy } | { recorded: false, reason }
//
// One line of JSON per `record` call, appended: the plugin and the CLI can both write it, and a
// torn last line (a crash mid-append) loses only that call's entries, which then ask for a
// confirmation rather than run unchecked.
import { sha256Hex } from '../../journal/content-hash';
import type { ScopePolicy } from '../../scope/scope-policy';
import type { StateStore, VaultPort } from '../../../vault-vfs/vault-port';
import type { EditBlockData, OpBlockData } from '../block-format';
import { blockId, findBlocks } from '../find-blocks';
import { ledgerPolicyOf, policyFromLedger, readLedgerPolicy, type LedgerPolicy } from './ledger-policy';

export const LEDGER_FILE = 'ledger/proposals.jsonl';

export type LedgerBlock = EditBlockData | OpBlockData;

/** A recorded block as `recorded()` lists it. */
export interface RecordedProposal {
  kind: 'edit' | 'op';
  id: string;
  /** The note it was written into (an operation: its plan note). */
  note: string;
  job?: string;
  /** Who proposed it, when an outside agent did (its MCP client name). */
  by?: string;
}

export type LedgerVerdict = { recorded: true; policy: ScopePolicy } | { recorded: false; reason: string };

interface StoredBlock {
  kind: 'edit' | 'op';
  id: string;
  /** The plan, for operations. */
  job?: string;
  hash: string;
}

interface Recorded {
  note: string;
  hash: string;
  policy: LedgerPolicy;
}

function isOp(b: LedgerBlock): b is OpBlockData {
  return 'job' in b;
}

function keyOf(kind: 'edit' | 'op', id: string, job: string | undefined): string {
  return kind === 'op' ? `op\u0000${job ?? ''}\u0000${id}` : `edit\u0000${id}`;
}

/** The hash of what a block would do: its texts, never its state or the reader's notes. */
export function blockHash(b: LedgerBlock): Promise<string> {
  // A note edit's values are what it does, so they are hashed too (other operations hash as before).
  const values = isOp(b) && (b.before !== undefined || b.after !== undefined) ? [b.before ?? null, b.after ?? null] : [];
  const canonical = isOp(b) ? ['op', b.job, b.type, b.source ?? null, b.destination ?? null, b.path ?? null, ...values] : ['edit', b.type, b.before, b.after, b.newNote === true];
  return sha256Hex(JSON.stringify(canonical));
}

/** The notes that hold each block id, read from the vault now (null: the ledger cannot look). */
export type BlockHolders = (() => Promise<ReadonlyMap<string, readonly string[]>>) | null;

/** Every note of the vault with its pending blocks' ids; asked only when a block seems to have moved. */
export function vaultBlockHolders(port: VaultPort): BlockHolders {
  return async () => {
    const out = new Map<string, string[]>();
    for (const e of await port.list()) {
      if (e.kind !== 'file' || !e.path.toLowerCase().endsWith('.md')) continue;
      const text = await port.read(e.path).catch(() => '');
      if (!text.includes('ai-edit')) continue;
      for (const b of findBlocks(text)) {
        const id = blockId(b);
        if (id !== null) out.set(id, [...(out.get(id) ?? []), e.path]);
      }
    }
    return out;
  };
}

/** The recorded proposals, loaded once for a round of checks. */
export class LedgerIndex {
  constructor(
    private readonly configDir: string,
    private readonly entries: ReadonlyMap<string, readonly Recorded[]>,
    private readonly holders: BlockHolders = null,
  ) {}

  private held: Promise<ReadonlyMap<string, readonly string[]>> | null = null;

  /** Whether `note` is the one note holding block `id` (scanned once per round of checks). */
  private async onlyHolder(note: string, id: string): Promise<boolean> {
    if (this.holders === null) return false;
    this.held ??= this.holders();
    const notes = (await this.held).get(id) ?? [];
    return notes.length === 1 && notes[0] === note;
  }

  /** Whether Reeve proposed this block for this note, and the policy it was proposed under. */
  async check(note: string, block: LedgerBlock): Promise<LedgerVerdict> {
    const op = isOp(block);
    const found = this.entries.get(keyOf(op ? 'op' : 'edit', block.id, op ? block.job : undefined)) ?? [];
    const what = op ? `operation ${block.id} of plan ${block.job}` : `edit ${block.id}`;
    if (found.length === 0) {
      const source = op ? `plan ${block.job} has no such operation in Reeve's records` : 'Reeve has no record of proposing it';
      return { recorded: false, reason: `not proposed here: ${source} (typed by hand, pasted, or synced from elsewhere)` };
    }
    const hash = await blockHash(block);
    // Operations name vault paths of their own, so a plan note may be moved; an edit stands in
    // for lines of the one note it was proposed for.
    const match = found.find((r) => r.hash === hash && (op || r.note === note));
    if (match) return { recorded: true, policy: policyFromLedger(this.configDir, match.policy) };
    const sameText = found.find((r) => r.hash === hash);
    // The block is in this note and in no other, the one it was proposed for included: the note
    // was renamed or moved (in Reeve, in Obsidian or on disk) and the block went with it. A copy,
    // with its original still waiting elsewhere, stays "not proposed here".
    if (sameText && !op && (await this.onlyHolder(note, block.id))) return { recorded: true, policy: policyFromLedger(this.configDir, sameText.policy) };
    if (sameText) return { recorded: false, reason: `not proposed here: Reeve proposed ${what} for ${sameText.note}, not for ${note}` };
    return { recorded: false, reason: `not proposed here: ${what} differs from what Reeve proposed (it was changed after it was written)` };
  }
}

export class ProposalLedger {
  constructor(
    private readonly state: StateStore,
    private readonly configDir: string,
    private readonly holders: BlockHolders = null,
  ) {}

  static of(port: VaultPort): ProposalLedger {
    return new ProposalLedger(port.state, port.configDir, vaultBlockHolders(port));
  }

  /**
   * Records blocks before they are written into `note`, with the policy they were proposed under
   * and, for an outside agent (an MCP client), its name as the proposer (`by`).
   */
  async record(blocks: readonly LedgerBlock[], note: string, policy: ScopePolicy, by?: string): Promise<void> {
    if (blocks.length === 0) return;
    const stored = await Promise.all(
      blocks.map(async (b): Promise<StoredBlock> => ({ kind: isOp(b) ? 'op' : 'edit', id: b.id, ...(isOp(b) ? { job: b.job } : {}), hash: await blockHash(b) })),
    );
    const line = JSON.stringify({ v: 1, at: new Date().toISOString(), note, policy: ledgerPolicyOf(policy), ...(by === undefined ? {} : { by }), blocks: stored });
    await this.state.append(LEDGER_FILE, `${line}\n`);
  }

  /** Every recorded proposal; lines that cannot be read (a torn last append) are skipped. */
  async load(): Promise<LedgerIndex> {
    const text = (await this.state.read(LEDGER_FILE)) ?? '';
    const entries = new Map<string, Recorded[]>();
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      let v: unknown;
      try {
        v = JSON.parse(line);
      } catch {
        continue;
      }
      const r = v as { note?: unknown; policy?: unknown; blocks?: unknown };
      const policy = readLedgerPolicy(r.policy);
      if (typeof r.note !== 'string' || policy === null || !Array.isArray(r.blocks)) continue;
      for (const b of r.blocks as Partial<StoredBlock>[]) {
        if ((b.kind !== 'edit' && b.kind !== 'op') || typeof b.id !== 'string' || typeof b.hash !== 'string') continue;
        const key = keyOf(b.kind, b.id, typeof b.job === 'string' ? b.job : undefined);
        entries.set(key, [...(entries.get(key) ?? []), { note: r.note, hash: b.hash, policy }]);
      }
    }
    return new LedgerIndex(this.configDir, entries, this.holders);
  }

  /** Every recorded block with its note and proposer, oldest first (for an agent asking what became of its proposals). */
  async recorded(): Promise<RecordedProposal[]> {
    const out: RecordedProposal[] = [];
    for (const line of ((await this.state.read(LEDGER_FILE)) ?? '').split('\n')) {
      let v: unknown;
      try {
        v = JSON.parse(line);
      } catch {
        continue;
      }
      const r = v as { note?: unknown; by?: unknown; blocks?: unknown } | null;
      if (r === null || typeof r.note !== 'string' || !Array.isArray(r.blocks)) continue;
      for (const b of r.blocks as Partial<StoredBlock>[]) {
        if ((b.kind !== 'edit' && b.kind !== 'op') || typeof b.id !== 'string') continue;
        out.push({ kind: b.kind, id: b.id, note: r.note, ...(typeof b.job === 'string' ? { job: b.job } : {}), ...(typeof r.by === 'string' ? { by: r.by } : {}) });
      }
    }
    return out;
  }

  /** Checks one block (loads the ledger; for many blocks, `load` once and check each). */
  async check(note: string, block: LedgerBlock): Promise<LedgerVerdict> {
    return (await this.load()).check(note, block);
  }
}
