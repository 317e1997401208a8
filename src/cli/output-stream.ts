// Writing the CLI's output to a stream whose reader may leave early: `reeve search … | head -3`
// closes the pipe while results are still being written. Node then reports EPIPE as an error
// event, which, unhandled, ends the process with a stack trace. A closed reader wants no more
// output, so the rest is dropped and the command finishes its work and exits with its own code;
// it is never cut off halfway through a change to the vault.

/** The part of a Node writable stream this needs (process.stdout, process.stderr). */
export interface OutputStream {
  write(text: string): unknown;
  on(event: 'error', listener: (error: NodeJS.ErrnoException) => void): unknown;
}

/** A writer to `stream` that drops what is written once its reader has gone (EPIPE). */
export function outputWriter(stream: OutputStream): (text: string) => void {
  let closed = false;
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') closed = true;
    else throw error;
  });
  return (text) => {
    if (!closed) stream.write(text);
  };
}
