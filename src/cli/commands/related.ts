// `reeve related <vault> <note> [--depth N] [--direction in|out|both] [--same-folder]
//  [--exclude FOLDER]... [--limit N] [--json]`: the notes linked to or from a note, breadth-first
// to depth 0-3, each with its depth and the note it was reached from. Excluded folders are walls:
// their notes are neither listed nor walked through.
import { intFlag, parseArgs } from '../args';
import { EXIT_OK, UsageError, type CliCommand } from '../command';
import { noteArg } from '../note-arg';
import { folderArgs } from '../vault-path-arg';
import { openVault } from '../open-vault';
import { vaultWalls } from '../vault-walls';
import { wallFor, wallText } from '../../search/retrieval/walls';
import { MAX_WALK_DEPTH, type LinkDirection } from '../../search/retrieval/link-walk';
import { Retrieval } from '../../search/retrieval/retrieval';
import { VaultIndexer } from '../../search/keyword/vault-indexer';

const DIRECTIONS: readonly LinkDirection[] = ['in', 'out', 'both'];

const USAGE = [
  'usage: reeve related <vault> <note> [--depth N] [--direction in|out|both] [--same-folder]',
  '                       [--exclude FOLDER]... [--limit N] [--json]',
  '  --depth N        links to follow, 0-3 (default 1)',
  '  --direction D    out (links in the note), in (backlinks) or both (default)',
  '  --same-folder    also the notes in the note\'s folder',
  '  --exclude F      a folder whose notes are neither listed nor walked through (repeatable)',
  '  --limit N        most notes listed (default 50); the rest are counted',
  '  --json           print [{"path","depth","from"}]',
].join('\n');

export const relatedCommand: CliCommand = {
  name: 'related',
  summary: 'notes linked to or from a note, to depth 3, with excluded folders as walls',
  usage: USAGE,
  async run(args, io) {
    const parsed = parseArgs(args, { values: ['depth', 'direction', 'limit'], booleans: ['same-folder', 'json'], lists: ['exclude'] });
    const [vaultDir, note, extra] = parsed.positionals;
    if (note === undefined) throw new UsageError('missing <note>: a note\'s name or its vault path, e.g. Plan or Projects/Plan.md');
    if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
    const rawDepth = parsed.values.get('depth') ?? '1';
    if (!/^\d+$/.test(rawDepth) || Number(rawDepth) > MAX_WALK_DEPTH) throw new UsageError(`--depth must be 0 to ${MAX_WALK_DEPTH}, got "${rawDepth}"`);
    const direction = parsed.values.get('direction') ?? 'both';
    if (!(DIRECTIONS as readonly string[]).includes(direction)) throw new UsageError(`--direction must be in, out or both, got "${direction}"`);
    const limit = intFlag(parsed, 'limit', 50);
    const vault = await openVault(vaultDir, io);
    const at = { vaultDir: vaultDir as string, cwd: io.cwd };
    const path = await noteArg(vault, note, 'note', at);
    const exclude = await vaultWalls(vault, await folderArgs(vault, parsed.lists.get('exclude') ?? [], '--exclude', at));
    // A walk from a walled note would tell what it links to: behind a wall, a note is not there.
    const wall = wallFor(exclude, path);
    if (wall !== null) throw new UsageError(`<note> "${path}" is in ${wallText(wall)}, which Reeve does not read; nothing was walked`);
    // Walks need no keyword index; Retrieval takes one for its searches only.
    const retrieval = new Retrieval(vault, new VaultIndexer(vault, { persist: false }), null);
    const result = await retrieval.related(path, { depth: Number(rawDepth), direction: direction as LinkDirection, sameFolder: parsed.booleans.has('same-folder'), exclude, limit });
    if (parsed.booleans.has('json')) io.stdout(`${JSON.stringify(result.items.map((r) => ({ path: r.path, depth: r.depth, from: r.from })))}\n`);
    else {
      const lines = result.items.map((r) => `${r.depth}  ${r.path}  (${r.via === 'folder' ? 'same folder' : `from ${r.from}`})`);
      if (result.more > 0) lines.push(`… ${result.more} more (raise --limit)`);
      io.stdout(lines.map((l) => `${l}\n`).join(''));
    }
    if (result.more > 0 && parsed.booleans.has('json')) io.stderr(`note: ${result.more} more not listed (raise --limit)\n`);
    return EXIT_OK;
  },
};
