// A VaultPort that stops working the moment the user cancels: every call after the abort throws,
// so a cancelled organize cannot write its plan note (or anything else) even if the planner is
// between two checks of the signal when Cancel is pressed.
import { OrganizeCancelledError } from '../../agents/organize/agent/organize-cancelled';
import type { VaultPort } from '../../vault-vfs/vault-port';

export function abortablePort(port: VaultPort, signal: AbortSignal): VaultPort {
  return new Proxy(port, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]): unknown => {
        if (signal.aborted) throw new OrganizeCancelledError();
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
