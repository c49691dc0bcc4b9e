import { isIP } from 'node:net';

/**
 * The client's address, read in one place for the API and for the Auth.js sign-in alike (throttling
 * and the audit log depend on it).
 *
 * `trustedProxies` is how many reverse proxies stand in front of the server (TRUST_PROXY). Each
 * proxy appends the address it received the request from to X-Forwarded-For, so the client's
 * address is the `trustedProxies`-th entry from the right; anything further left was written by
 * the client and is ignored (taking the leftmost entry would let anyone pick their own address and
 * walk around the per-address limits). With no trusted proxy the header is ignored entirely and
 * the socket's address counts: from Node's socket, or from the header the server entry stamps on
 * requests it hands to Astro (overwriting whatever the client sent).
 */
export const CLIENT_ADDRESS_HEADER = 'x-nipm-client-address';

interface HeaderSource {
  get(name: string): string | null | undefined;
}

export function clientAddressOf(
  headers: HeaderSource,
  socketAddress: string | undefined,
  trustedProxies: number,
): string {
  if (trustedProxies > 0) {
    const hops = (headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const client = hops.length >= trustedProxies ? hops[hops.length - trustedProxies] : undefined;
    if (client && isIP(client)) return client;
  }
  return socketAddress ?? headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
}
