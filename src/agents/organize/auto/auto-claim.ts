// Automatic mode runs on one device of a vault at a time. With the config folder synced (two
// desktops, a desktop and a phone), every device sees the same new file arrive and would file it:
// two moves of one file, racing through the sync. So a device claims automatic mode in Reeve's
// state folder (synced with the vault) before each run and while it is on; another device's claim
// touched within the staleness period (lock-staleness.ts: ten minutes) keeps this device's
// automatic mode idle, and a claim untouched for longer (that device is off, asleep, or no longer
// runs automatic mode) is taken over by the next run here. Two devices started within one sync
// of each other can both claim before either sees the other's file; the last claim written wins
// once the sync settles.
import { lockTiming } from '../../../vault-vfs/lock-staleness';
import type { StateStore } from '../../../vault-vfs/vault-port';

export const AUTO_CLAIM = 'automatic-mode.json';

export interface AutoDevice {
  /** Stable per device and vault, never synced (the plugin keeps it in the app's local storage). */
  id: string;
  /** For a person: which device this is. */
  label: string;
}

export interface AutoClaim extends AutoDevice {
  touched: number;
}

function parse(text: string | null): AutoClaim | null {
  if (text === null) return null;
  try {
    const v = JSON.parse(text) as Partial<AutoClaim>;
    return typeof v.id === 'string' && typeof v.label === 'string' && typeof v.touched === 'number' ? { id: v.id, label: v.label, touched: v.touched } : null;
  } catch {
    return null;
  }
}

/** Claims (or keeps claiming) automatic mode for `me`; the other device's claim when it is fresh. */
export async function claimAutomaticMode(state: StateStore, me: AutoDevice, now = Date.now()): Promise<{ ok: true } | { ok: false; holder: AutoClaim }> {
  const held = parse(await state.read(AUTO_CLAIM));
  if (held && held.id !== me.id && now - held.touched < lockTiming.staleMs) return { ok: false, holder: held };
  await state.write(AUTO_CLAIM, JSON.stringify({ id: me.id, label: me.label, touched: now }));
  return { ok: true };
}
