// When a journal lock held by another computer may be taken over. A lock whose owner runs on this
// computer is checked by its pid (process-lock.ts), but an owner on another computer cannot be:
// the usual case is a `.obsidian` folder synced between two desktops, where the other one holds
// the lock (or crashed holding it). Its owner touches the lock every LOCK_HEARTBEAT_MS while it
// holds it; one untouched for LOCK_STALE_MS has, as far as anyone can tell, stopped. Even then it
// is taken over only when the user asks (the plugin's "Take over" button, `reeve recover
// --take-over-lock`), never by a job on its own: automatic mode on a second device waits and
// refuses instead, so two devices never both run a job on one vault.
import type { LockOwner } from './vault-port';

export const lockTiming = {
  /** How often a holder touches its lock (LOCK_HEARTBEAT_MS). */
  heartbeatMs: 60_000,
  /** Ten heartbeats missed: the owner on another computer has stopped, or lost its sync (LOCK_STALE_MS). */
  staleMs: 10 * 60_000,
};

/** The last sign of life of the owner. */
export function lastTouched(owner: LockOwner): number {
  return owner.touched ?? owner.since;
}

/** Whether `owner`, on another computer than `host`, has not touched the lock for LOCK_STALE_MS. */
export function lockIsStale(owner: LockOwner, host: string | null, now = Date.now()): boolean {
  return owner.host !== host && now - lastTouched(owner) >= lockTiming.staleMs;
}
