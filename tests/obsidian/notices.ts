// Records every Notice the plugin shows, so tests can assert what the user was told.
import { Notice } from 'obsidian-test-mocks/obsidian';

export const shownNotices: string[] = [];
/** The notices' elements, so a test can click what a notice offers (a button added to its messageEl). */
export const shownNoticeEls: HTMLElement[] = [];

let installed = false;

export function installNoticeRecorder(): void {
  if (installed) return;
  installed = true;
  const proto = Notice.prototype as unknown as { constructor__: (message: string | DocumentFragment, duration?: number) => void };
  const original = proto.constructor__;
  proto.constructor__ = function (this: unknown, message: string | DocumentFragment, duration?: number): void {
    shownNotices.push(typeof message === 'string' ? message : (message.textContent ?? ''));
    const el = (this as { containerEl?: HTMLElement }).containerEl;
    if (el) shownNoticeEls.push(el);
    original.call(this, message, duration);
  };
}
