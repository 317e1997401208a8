// The transport seam: the wire clients take a `fetch`-compatible function, so the plugin can hand them
// native fetch (streams) or Obsidian's requestUrl (no CORS, buffered), and the CLI Node's fetch.

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
