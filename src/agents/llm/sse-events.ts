// Server-sent events from a streamed response body, as the WHATWG spec reads them: lines end in
// \n, \r\n or \r; `event:` names an event, `data:` lines join with \n; a blank line ends one;
// comments (`:`), `id:` and `retry:` are ignored. An event the stream stops in the middle of is
// not yielded (the caller decides what a stream that ends early means).

export interface ServerSentEvent {
  event: string | null;
  data: string;
}

export async function* serverSentEvents(body: ReadableStream<Uint8Array> | null): AsyncGenerator<ServerSentEvent> {
  if (body === null) return;
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  let event: string | null = null;
  let data: string[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      for (;;) {
        const end = lineEnd(buffer, done);
        if (end === null) break;
        const line = buffer.slice(0, end.at);
        buffer = buffer.slice(end.at + end.length);
        if (line === '') {
          if (event !== null || data.length > 0) yield { event, data: data.join('\n') };
          event = null;
          data = [];
          continue;
        }
        const colon = line.indexOf(':');
        if (colon === 0) continue;
        const field = colon < 0 ? line : line.slice(0, colon);
        let value = colon < 0 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (done) return;
    }
  } finally {
    reader.releaseLock();
    // Leaving early (the caller stopped reading) must not leave the connection open.
    void body.cancel().catch(() => undefined);
  }
}

/** Where the first line of `buffer` ends; a lone \r at the end waits for the next chunk (it may be \r\n). */
function lineEnd(buffer: string, done: boolean): { at: number; length: number } | null {
  for (let i = 0; i < buffer.length; i++) {
    const c = buffer.charCodeAt(i);
    if (c === 10) return { at: i, length: 1 };
    if (c === 13) {
      if (i + 1 < buffer.length) return { at: i, length: buffer.charCodeAt(i + 1) === 10 ? 2 : 1 };
      return done ? { at: i, length: 1 } : null;
    }
  }
  return null;
}
