// One note's cache record as the open writes it (its link-path table, then its metadata record),
// reduced to a short digest: the recorded digests (recorded.json) are the bytes the encoder wrote
// before its speed work of 2026-11-28 (h/cold), so a faster encoder must write the same bytes.
import { createHash } from 'node:crypto';
import { ByteWriter, UnencodableError } from '../../../../src/binary/bytes';
import { parseMarkdown } from '../../../../src/vault-vfs/markdown/parse-markdown';
import { encodeMetadata, linkpathsOf } from '../../../../src/vault-vfs/node/metadata-codec';

const writer = new ByteWriter();

/** 16 hex digits of the SHA-256 of the note's record bytes, or `unencodable`. */
export function recordDigest(text: string): string {
  const meta = parseMarkdown(text);
  writer.length = 0;
  try {
    writer.strings(linkpathsOf(meta));
    encodeMetadata(writer, meta);
  } catch (e) {
    if (e instanceof UnencodableError) return 'unencodable';
    throw e;
  }
  return createHash('sha256').update(writer.viewBytes()).digest('hex').slice(0, 16);
}
