// `reeve links <vault> [--json]`: every resolved and unresolved link, for checking that moves
// kept the link graph whole.
import { parseArgs } from '../args';
import { UsageError, type CliCommand } from '../command';
import { openVault } from '../open-vault';

export interface LinksReport {
  resolved: { source: string; target: string; count: number }[];
  unresolved: { source: string; link: string }[];
}

export const linksCommand: CliCommand = {
  name: 'links',
  summary: 'list resolved and unresolved links',
  usage: 'usage: reeve links <vault> [--json]',
  async run(args, io) {
    const parsed = parseArgs(args, { booleans: ['json'] });
    if (parsed.positionals.length > 1) throw new UsageError(`unexpected argument "${parsed.positionals[1] ?? ''}"`);
    const vault = await openVault(parsed.positionals[0], io);
    const report: LinksReport = { resolved: [], unresolved: [] };
    for (const [source, targets] of Object.entries(vault.resolvedLinks()).sort(([a], [b]) => a.localeCompare(b))) {
      for (const [target, count] of Object.entries(targets).sort(([a], [b]) => a.localeCompare(b))) report.resolved.push({ source, target, count });
    }
    for (const [source, links] of Object.entries(vault.unresolvedLinks()).sort(([a], [b]) => a.localeCompare(b))) {
      for (const link of Object.keys(links).sort()) report.unresolved.push({ source, link });
    }
    if (parsed.booleans.has('json')) {
      io.stdout(JSON.stringify(report) + '\n');
      return 0;
    }
    const lines = report.unresolved.map((u) => `unresolved  ${u.source} -> ${u.link}`);
    lines.push(`${report.resolved.length} resolved link${report.resolved.length === 1 ? '' : 's'}, ${report.unresolved.length} unresolved`);
    io.stdout(lines.join('\n') + '\n');
    return 0;
  },
};
