// `reeve ask <vault> <task>`: the Scout → Web → Task pipeline on a folder of markdown. Progress
// prints as it runs (or one JSON document with --json); edits land as pending blocks that
// `reeve pending` lists and accepts. A question from Scout is answered by --answer, else at the
// terminal, else the run stops with it (exit 1). Ctrl-C stops the run at once, keeping what was
// done; nothing is half-written.
import { runPipeline, AskRequestError, requestWallProblem, type AskRequest } from '../../agents/pipeline/run-pipeline';
import { DEFAULT_SCOUT_SETTINGS } from '../../agents/scout/scout-settings';
import { Retrieval } from '../../search/retrieval/retrieval';
import type { SemanticProgress } from '../../search/semantic/build-state';
import { VaultIndexer } from '../../search/keyword/vault-indexer';
import { parseArgs } from '../args';
import { askJson, progressPrinter } from '../ask-output';
import { readAgents, readDepth, readTaskSettings } from '../ask-options';
import { EXIT_FAILURE, EXIT_OK, UsageError, type CliCommand } from '../command';
import { noteArg } from '../note-arg';
import { folderArgs } from '../vault-path-arg';
import { openVault } from '../open-vault';
import { vaultWalls } from '../vault-walls';
import { wallOf } from '../../search/retrieval/walls';
import { PROVIDER_FLAGS, PROVIDER_USAGE, watchedClientFromFlags } from '../provider-flags';
import { assertNoInterruptedJob } from './recover';
import { ASK_DEPS_USAGE, SEMANTIC_FLAGS, semanticFromFlags, WEB_FLAGS, webFromFlags } from '../ask-deps';
import { readHistoryFile, writeHistoryFile } from '../ask-history';
import { turnOf } from '../../agents/chat/chat-message';

const USAGE = [
  'usage: reeve ask <vault> <task> [--current NOTE] [--agents scout,web,task]',
  '                   [--scope current|linked|context] [--allow add,delete,create,navigate]',
  '                   [--depth N] [--same-folder] [--add NOTE]... [--exclude FOLDER]...',
  '                   [--history FILE] [--answer TEXT]... [--json] --provider P [...]',
  '                   [--search-provider P [--search-base-url URL] [--allow-private-hosts]]',
  '                   [--embed-model M [--dimensions N]]',
  '  --current NOTE    the note you are "in" (its links make the context when Scout is off)',
  '  --agents LIST     which agents run, in order scout, web, task (default: task)',
  '  --scope S         which notes edits may touch: current, linked or context (default: context)',
  '  --allow LIST      what edits may do: add, delete, create, navigate (default: all four)',
  '  --depth N         link depth 0-3 of the context without Scout (default 2)',
  '  --same-folder     also every note in the current note\'s folder',
  '  --add NOTE        add a note to the context (repeatable)',
  '  --exclude FOLDER  a folder no agent reads or changes (repeatable); adds to the excluded',
  '                    folders of Reeve\'s settings in the vault, which always hold',
  '  --history FILE    a chat to continue (JSON turns); the new turn is added to it',
  '  --answer TEXT     answers Scout\'s questions in order (repeatable)',
  '  --json            print one JSON document',
  PROVIDER_USAGE,
  ASK_DEPS_USAGE,
].join('\n');

/** Why the semantic index has no vectors for this run, in words that fit what the user asked for. */
function semanticNote(p: SemanticProgress, build: boolean): string {
  const refused = p.refused === null ? '' : ` (${p.refused})`;
  if (!build) return `no semantic index for this model${refused}; build it with reeve index (or add --yes)`;
  if (p.phase === 'failed') return `the semantic index could not be built: ${p.error ?? 'unknown error'}`;
  return `the semantic index is empty: no note outside the walls had text to embed${refused}`;
}

export const askCommand: CliCommand = {
  name: 'ask',
  summary: 'ask the agents about the vault; proposed edits land as pending blocks',
  usage: USAGE,
  async run(args, io) {
    const parsed = parseArgs(args, {
      values: ['current', 'agents', 'scope', 'allow', 'depth', 'history', ...PROVIDER_FLAGS, ...WEB_FLAGS, ...SEMANTIC_FLAGS],
      lists: ['add', 'exclude', 'answer'],
      booleans: ['json', 'same-folder', 'allow-private-hosts', 'yes'],
    });
    const [vaultDir, ...taskParts] = parsed.positionals;
    const task = taskParts.join(' ').trim();
    const agents = readAgents(parsed.values.get('agents'));
    const taskSettings = readTaskSettings(parsed);
    const depth = readDepth(parsed);
    const client = watchedClientFromFlags(parsed, io);
    const vault = await openVault(vaultDir, io);
    if (task === '') throw new UsageError('missing <task>: what to ask');
    if (client === null) throw new UsageError('ask needs a model: give --provider (see below)');
    const web = webFromFlags(parsed, io.env, client, agents.web);
    const at = { vaultDir: vaultDir as string, cwd: io.cwd };
    const excludedFolders = await vaultWalls(vault, await folderArgs(vault, parsed.lists.get('exclude') ?? [], '--exclude', at));
    const semantic = semanticFromFlags(parsed, io.env, vault, wallOf(excludedFolders));
    if (parsed.booleans.has('yes') && semantic === null) throw new UsageError('--yes agrees to embedding notes for the semantic index: it needs --embed-model');
    const currentRaw = parsed.values.get('current');
    const currentNote = currentRaw === undefined ? null : await noteArg(vault, currentRaw, '--current', at);
    const manual: string[] = [];
    for (const a of parsed.lists.get('add') ?? []) manual.push(await noteArg(vault, a, '--add', at));
    // Refused before anything starts: not even the semantic index's build may run for it.
    const walled = requestWallProblem({ currentNote, manual }, excludedFolders);
    if (walled !== null) throw new UsageError(walled);
    const historyFile = parsed.values.get('history');
    const read = historyFile === undefined ? null : await readHistoryFile(historyFile);
    const history = read?.turns ?? [];
    await assertNoInterruptedJob(vault);

    const json = parsed.booleans.has('json');
    const answers = [...(parsed.lists.get('answer') ?? [])];
    const askUser = async (question: string): Promise<string | null> => answers.shift() ?? (io.prompt && !json ? io.prompt(question) : null);
    const request: AskRequest = { task, currentNote, agents, depth, sameFolder: parsed.booleans.has('same-folder'), manual, history };

    const indexer = new VaultIndexer(vault, { sliceMs: 200 });
    const cancel = new AbortController();
    const onInterrupt = (): void => cancel.abort();
    process.once('SIGINT', onInterrupt);
    try {
      await Promise.all([indexer.start(), semantic?.start()]);
      if (semantic !== null && !semantic.built) io.stderr(`note: ${semanticNote(semantic.progress, parsed.booleans.has('yes'))}; Scout searches by keyword.\n`);
      const retrieval = new Retrieval(vault, indexer, semantic);
      const deps = { vault, retrieval, explore: client, plan: client, scout: DEFAULT_SCOUT_SETTINGS, task: taskSettings, web, excludedFolders, askUser };
      const listener = json ? () => undefined : progressPrinter((text) => io.stdout(text));
      const result = await runPipeline(request, deps, listener, cancel.signal).catch((e: unknown) => {
        throw e instanceof AskRequestError ? new UsageError(e.message) : e;
      });
      if (read !== null) await writeHistoryFile(read, turnOf(request, result));
      if (json) io.stdout(`${JSON.stringify(askJson(result), null, 2)}\n`);
      else if (result.answer !== '') io.stdout(`\n${result.answer}\n`);
      if (result.question !== null) {
        io.stderr(`error: the run stopped for a question: "${result.question}"; answer it with --answer TEXT\n`);
        return EXIT_FAILURE;
      }
      if (result.error !== null) {
        io.stderr(`error: ${result.error}\n`);
        return EXIT_FAILURE;
      }
      return result.stopped ? EXIT_FAILURE : EXIT_OK;
    } finally {
      process.off('SIGINT', onInterrupt);
      await Promise.all([indexer.stop(), semantic?.stop(false)]);
    }
  },
};
