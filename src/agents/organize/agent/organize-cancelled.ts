// Cancelling an organize (the user's Cancel, Ctrl-C in the CLI) ends it with this error before
// anything is written: no plan note, no journal entry.
export class OrganizeCancelledError extends Error {
  constructor() {
    super('organize was cancelled; nothing was written');
    this.name = 'OrganizeCancelledError';
  }
}
