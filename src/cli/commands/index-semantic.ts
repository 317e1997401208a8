// `reeve index <vault> [--status] [--yes]` plus the embedding flags: builds or updates the
// semantic index in the plugin's folder (the plugin uses the same file). Only chunks whose text
// changed are sent; an interrupted build (Ctrl-C, network failure) resumes where it stopped on the
// next run. A first build with a paid provider prints the estimate and needs --yes.
import { parseArgs } from '../args';
import { EXIT_FAILURE, EXIT_OK, FailureError, UsageError, type CliCommand, type CliIO } from '../command';
import { EMBEDDING_FLAGS, EMBEDDING_USAGE, embedderFromFlags } from '../embedder-flags';
import { openVault } from '../open-vault';
import { vaultWalls } from '../vault-walls';
import { wallOf } from '../../search/retrieval/walls';
import { savedIndexKey } from '../saved-semantic-index';
import { stateWritable } from '../state-writable';
import { progressLine, type CostEstimate } from '../../search/semantic/build-state';
import { SemanticIndex } from '../../search/semantic/semantic-index';
import { STORE_FILE } from '../../search/semantic/store-file';
import { type Embedder, keyString } from '../../search/semantic/types';
import type { VaultPort } from '../../vault-vfs/vault-port';
import { stateFolder } from '../../vault-vfs/state-folder';

const USAGE = [
  'usage: reeve index <vault> [--yes] --provider P [--base-url URL] [--model M] [--dimensions N]',
  '       reeve index <vault> --status [--provider P ...]',
  '',
  'Builds or updates the semantic index (the text of every note, in chunks, is sent to the provider).',
  '  --status   print what the saved index holds (and its model) and exit; nothing is sent. With the',
  '             embedding flags it also says whether the index was built with that model',
  '  --yes      agree to the cost of a first build with a paid provider',
  EMBEDDING_USAGE,
].join('\n');

function describeEstimate(e: CostEstimate, provider: string): string {
  const usd = e.usd === null ? 'an unknown price' : `about $${e.usd < 0.01 ? e.usd.toFixed(4) : e.usd.toFixed(2)}`;
  return `the first build sends ${e.chunks.toLocaleString('en-US')} chunks of ${e.notes.toLocaleString('en-US')} notes (about ${e.tokens.toLocaleString('en-US')} tokens, ${usd}) to ${provider}`;
}

/** A progress line on stderr: rewritten in place on a terminal, every few seconds otherwise. */
function progressPrinter(io: CliIO, tty: boolean): (line: string, final?: boolean) => void {
  let last = 0;
  return (line, final = false) => {
    const now = Date.now();
    if (!final && now - last < (tty ? 200 : 5000)) return;
    last = now;
    io.stderr(tty ? `\r\x1b[2K${line}${final ? '\n' : ''}` : `${line}\n`);
  };
}

/**
 * For `--status` without the embedding flags: an embedder of the saved index's model that never
 * embeds (status sends nothing), or null when no index is saved.
 */
async function savedIndexReader(vault: VaultPort): Promise<{ embedder: Embedder; price: number; providerName: string } | null> {
  const key = await savedIndexKey(vault);
  if (key === null) return null;
  const embed = (): Promise<never> => Promise.reject(new Error('reeve index --status sends nothing'));
  return { embedder: { key, embed }, price: 0, providerName: key.provider };
}

export const indexCommand: CliCommand = {
  name: 'index',
  summary: 'build or update the semantic index (sends note text to the embedding provider)',
  usage: USAGE,
  async run(args, io) {
    const parsed = parseArgs(args, { values: [...EMBEDDING_FLAGS], booleans: ['status', 'yes'] });
    if (parsed.positionals.length > 1) throw new UsageError(`unexpected argument "${parsed.positionals[1] ?? ''}"`);
    const status = parsed.booleans.has('status');
    const flagged = embedderFromFlags(parsed, io.env);
    if (flagged === null && !status) throw new UsageError('reeve index needs the embedding model: --provider openai (OPENAI_API_KEY) or --provider openai-compatible --base-url URL --model M');
    const vault = await openVault(parsed.positionals[0], io);
    // --status alone asks about the index as it was saved, with whatever model built it.
    const choice = flagged ?? (await savedIndexReader(vault));
    if (choice === null) {
      io.stdout(`no semantic index is saved in this vault (reeve index with the embedding flags builds it)\n`);
      return EXIT_OK;
    }
    // Refused before anything is sent: embeddings that cannot be saved would be paid for again.
    if (!status && !(await stateWritable(parsed.positionals[0] as string, vault.configDir))) {
      throw new FailureError(`cannot save the semantic index: ${stateFolder(vault.configDir)} in this vault is not writable; nothing was sent`);
    }
    const print = progressPrinter(io, process.stderr.isTTY);
    let estimateText = '';
    const paid = choice.price !== 0 && !parsed.booleans.has('yes');
    const index = new SemanticIndex(vault, choice.embedder, {
      sliceMs: 200,
      build: !status,
      // Nothing behind a wall (Reeve's settings in data.json, hidden folders) is sent to be embedded.
      walled: wallOf(await vaultWalls(vault)),
      pricePerMillionTokens: choice.price,
      onProgress: (p) => print(progressLine(p)),
      ...(paid
        ? {
            consent: (e: CostEstimate) => {
              estimateText = describeEstimate(e, choice.providerName);
              return false;
            },
          }
        : {}),
    });
    const cancel = (): void => void index.indexer.cancel();
    process.once('SIGINT', cancel);
    let phase = index.progress.phase;
    try {
      await index.start();
      phase = index.progress.phase;
    } finally {
      process.off('SIGINT', cancel);
      // --status only reads: nothing is saved.
      await index.stop(!status);
    }
    // After the stop (which saves), with the phase the build ended in.
    const p = { ...index.progress, phase };
    if (p.refused !== null) io.stderr(`note: the saved index was not used (${p.refused})${status ? '' : '; it was rebuilt'}\n`);
    if (status) {
      io.stdout(`${keyString(choice.embedder.key)}: ${p.notes.toLocaleString('en-US')} notes, ${p.chunks.toLocaleString('en-US')} chunks, ${(p.bytesOnDisk / 1e6).toFixed(1)} MB in ${stateFolder(vault.configDir)}/${STORE_FILE}\n`);
      return EXIT_OK;
    }
    if (p.phase === 'declined') {
      io.stderr(`${estimateText}; nothing was sent. Run again with --yes to agree.\n`);
      return EXIT_FAILURE;
    }
    print(progressLine(p), true);
    if (p.phase === 'failed' || p.phase === 'cancelled') {
      io.stderr(`${p.phase === 'failed' ? `error: ${p.error ?? 'the build failed'}` : 'cancelled'}; ${p.chunks.toLocaleString('en-US')} chunks are saved and the next run continues from there\n`);
      return EXIT_FAILURE;
    }
    io.stdout(`indexed ${p.notes.toLocaleString('en-US')} notes in ${p.chunks.toLocaleString('en-US')} chunks; ${p.done.toLocaleString('en-US')} texts sent to ${choice.providerName}\n`);
    return EXIT_OK;
  },
};
