// Who may talk to the endpoint. It listens on 127.0.0.1 only, and still a web page in a browser on
// the same computer can reach 127.0.0.1; so, as MCP's Streamable HTTP "Security warning" asks:
// the Host header must name this loopback port (a DNS-rebinding page's requests carry its own host
// name), an Origin header, when a browser sends one, must be this very endpoint, and every request
// carries the bearer token (compared in constant time, so its bytes cannot be guessed by timing).
import { createHash, timingSafeEqual } from 'node:crypto';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost'];

/** `host:port` as the Host header carries it; only the loopback names on this port. */
export function hostAllowed(host: string | undefined, port: number): boolean {
  if (host === undefined) return false;
  return LOOPBACK_NAMES.some((name) => host.toLowerCase() === `${name}:${port}`);
}

/** No Origin (a program, not a page) is allowed; a page's must be this endpoint's own origin. */
export function originAllowed(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  return LOOPBACK_NAMES.some((name) => origin.toLowerCase() === `http://${name}:${port}`);
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Compares digests of equal length, so neither the token's bytes nor its length show in the time taken. */
export function bearerAllowed(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  const given = match?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token)) && given !== '';
}
