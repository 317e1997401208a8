// Reads a request's body up to a limit: a body declared or found larger is refused before it is
// held whole in memory, so a client cannot make the plugin buffer an unbounded upload.
import type { IncomingMessage } from 'node:http';

export class BodyTooLarge extends Error {}

export function readBody(request: IncomingMessage, limitBytes: number): Promise<string> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) return Promise.reject(new BodyTooLarge(`body of ${declared} bytes`));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) {
        request.removeAllListeners('data');
        request.pause();
        reject(new BodyTooLarge(`body over ${limitBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
