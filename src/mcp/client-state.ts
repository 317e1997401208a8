// What the tool host remembers of each client for the length of its process: the notes it read
// (with `--scope context` those are the notes it may propose edits to, as a chat's context notes
// are for the Task agent) and the proposals it made and had refused (for `pending_status`).
// Bounded, so a client that reads in a loop cannot grow the server without end.

const MAX_READ = 2_000;
const MAX_REFUSED = 200;

export interface RefusedProposal {
  path?: string;
  reason: string;
}

export class ClientState {
  readonly read = new Set<string>();
  readonly refused: RefusedProposal[] = [];

  noteRead(path: string): void {
    this.read.delete(path);
    this.read.add(path);
    if (this.read.size > MAX_READ) this.read.delete(this.read.values().next().value as string);
  }

  refusedNow(items: readonly RefusedProposal[]): void {
    this.refused.push(...items);
    if (this.refused.length > MAX_REFUSED) this.refused.splice(0, this.refused.length - MAX_REFUSED);
  }
}

export class ClientStates {
  private readonly byName = new Map<string, ClientState>();

  of(clientName: string): ClientState {
    let s = this.byName.get(clientName);
    if (s === undefined) {
      s = new ClientState();
      this.byName.set(clientName, s);
      // A hostile client cannot make many names through one connection, but the plugin serves many connections.
      if (this.byName.size > 100) this.byName.delete(this.byName.keys().next().value as string);
    }
    return s;
  }
}
