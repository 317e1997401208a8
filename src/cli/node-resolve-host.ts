// The CLI's resolver for the Web agent's address checks: every address the system resolver gives
// for a name (the same lookup Node's fetch makes when it connects), so a name that points at a
// private address is refused before any connection. A lookup cannot be cancelled; on abort the
// promise settles at once and the late answer is ignored.

import { lookup } from 'node:dns/promises';
import type { ResolveHost } from '../agents/web/check-url';

export const nodeResolveHost: ResolveHost = (hostname, signal) => {
  const pending = lookup(hostname, { all: true, verbatim: true }).then((found) => found.map((a) => a.address));
  if (!signal) return pending;
  return new Promise<string[]>((resolve, reject) => {
    const onAbort = (): void => reject(new Error('stopped'));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    pending.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
};
