// The groupings organize quality is measured on: where each file ends up after a plan (or after
// doing nothing, or after grouping by file type alone), as file -> folder, ready for V-measure.
// A file's group is its final folder with trailing year and month levels folded away
// (`Daily/2026/03` counts as `Daily`): filing by date inside a group is a layout choice, not a
// different group. The strict variant keeps them.
import { readFile } from 'node:fs/promises';
import { finalPaths } from '../../src/agents/organize/scoring/plan-quality';
import type { PlannedOperation } from '../../src/vault-vfs/operations';

const DATE_LEVEL = /^(?:\d{4}|\d{2}|\d{4}-\d{2})$/u;

/** The folder a file is grouped by: its parent folder, trailing date levels removed unless `strict`. */
export function groupOf(path: string, strict = false): string {
  const parts = path.split('/').slice(0, -1);
  while (!strict && parts.length > 0 && DATE_LEVEL.test(parts[parts.length - 1] ?? '')) parts.pop();
  return parts.join('/');
}

/**
 * Where each of `paths` is after the operations, in order: a move or rename of a file or of a
 * folder (every file under it follows) changes the path; a trashed file goes to `(trash)`.
 */
export function pathsAfter(paths: readonly string[], operations: readonly PlannedOperation[]): Map<string, string> {
  const at = finalPaths(paths, operations, (p) => '(trash)/' + p);
  return new Map(paths.map((p) => [p, at.get(p) ?? p]));
}

/** file -> group after the operations (`[]` for doing nothing). */
export function groupingAfter(paths: readonly string[], operations: readonly PlannedOperation[], strict = false): Map<string, string> {
  return new Map([...pathsAfter(paths, operations)].map(([original, now]) => [original, groupOf(now, strict)]));
}

const KINDS: [string, RegExp][] = [
  ['Notes', /^md$/u],
  ['Images', /^(?:png|jpe?g|gif|webp|svg|bmp|heic|tiff|avif)$/u],
  ['PDFs', /^pdf$/u],
  ['Audio', /^(?:mp3|wav|m4a|ogg|flac)$/u],
  ['Video', /^(?:mp4|mov|mkv|webm)$/u],
];

/** The baseline: one folder per file type (notes, images, PDFs, …), nothing else considered. */
export function typeOnlyGrouping(paths: readonly string[]): Map<string, string> {
  return new Map(
    paths.map((p) => {
      const ext = p.includes('.') ? p.slice(p.lastIndexOf('.') + 1).toLowerCase() : '';
      return [p, KINDS.find(([, re]) => re.test(ext))?.[0] ?? `Other (${ext || 'no extension'})`];
    }),
  );
}

/** `examples/messy-vault.truth.json`: folder -> file names relative to the organized folder. */
export async function readTruthFile(file: string, folder: string): Promise<Map<string, string>> {
  const parsed = JSON.parse(await readFile(file, 'utf8')) as { folders?: Record<string, string[]> };
  const truth = new Map<string, string>();
  for (const [group, names] of Object.entries(parsed.folders ?? {})) for (const n of names) truth.set(`${folder}/${n}`, group);
  return truth;
}
