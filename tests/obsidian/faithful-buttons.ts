// In Obsidian, a ButtonComponent's onClick handler runs when its button element is clicked; the
// mocks only call it from simulateClick__(). Tests click the element, as a user would.
import { ButtonComponent } from 'obsidian-test-mocks/obsidian';

type Handler = (evt: MouseEvent) => unknown;
type MockButton = { buttonEl: HTMLButtonElement; clickHandler?: Handler; onClick(cb: Handler): MockButton };

let installed = false;

export function installFaithfulButtons(): void {
  if (installed) return;
  installed = true;
  const proto = ButtonComponent.prototype as unknown as MockButton;
  const original = proto.onClick;
  const wired = new WeakSet<HTMLButtonElement>();
  proto.onClick = function (this: MockButton, cb: Handler): MockButton {
    original.call(this, cb);
    if (!wired.has(this.buttonEl)) {
      wired.add(this.buttonEl);
      this.buttonEl.addEventListener('click', (evt) => void this.clickHandler?.(evt));
    }
    return this;
  };
}
