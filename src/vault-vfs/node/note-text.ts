// A note's text as the Node adapter reads it: every byte kept (see byte-text.ts), since a rewrite
// must not lose what it did not change, and link offsets must be those of the text a rewrite edits.
// Valid UTF-8, nearly every note, takes Node's fast decoder. Reads are synchronous (see vault-fs.ts).
import { isUtf8 } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { decodeText } from '../byte-text';

export function noteText(bytes: Buffer): string {
  return isUtf8(bytes) ? bytes.toString('utf8') : decodeText(bytes);
}

export function readText(abs: string): string {
  return noteText(readFileSync(abs));
}

/** The note's text, or null if it cannot be read (gone since the walk, say). */
export function readTextOrNull(abs: string): string | null {
  try {
    return readText(abs);
  } catch {
    return null;
  }
}
