// Renames that bring notes in a folder to a chosen naming convention. Only markdown notes are
// renamed: attachments usually carry names made by cameras and apps that links and other tools
// rely on. Conventions without a mechanical rewrite (numbered names) propose nothing. The
// renames are proposals like any other: planOrganize runs them through the scope policy and the
// shadow VFS, which refuse names that are taken.
import { isInFolder } from '../../../dsl/file-records';
import { expandPattern, legalName, parsePattern } from '../../../dsl/rename-pattern';
import type { FileRecord } from '../../../vault-vfs/file-record';
import type { PlannedOperation } from '../../../vault-vfs/operations';
import { conventionById, wordsOf } from './conventions';
import type { NamingConvention } from './naming-conventions';

const DATE = parsePattern('{date}');

export function namingRuleName(convention: Pick<NamingConvention, 'name'>): string {
  return `naming: ${convention.name}`;
}

export function namingRenames(convention: Pick<NamingConvention, 'id' | 'name'>, records: readonly FileRecord[], folder: string): PlannedOperation[] {
  const spec = conventionById(convention.id);
  const rewrite = spec?.rewrite;
  if (spec === undefined || rewrite === undefined || !DATE.ok) return [];
  const ops: PlannedOperation[] = [];
  for (const r of records) {
    if (r.ext !== 'md' || r.isHidden || !isInFolder(r.path, folder) || spec.test.test(r.name)) continue;
    const words = wordsOf(r.name, spec.dated === true);
    if (words.length === 0) continue;
    const name = legalName(rewrite(words, { day: expandPattern(DATE.parts, r) }), true);
    if (name === '' || name === r.name || !spec.test.test(name)) continue;
    const destination = `${r.folder === '' ? '' : `${r.folder}/`}${name}.md`;
    ops.push({ opId: '', type: 'rename', source: r.path, destination, rule: namingRuleName(convention), reason: `names in this folder follow ${spec.name} (${spec.pattern})` });
  }
  return ops;
}
