import { isIP } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { TrustProxy } from '../env.js';
import { ipKey, TOO_MANY_ATTEMPTS } from '../services/rate-limit.js';

/**
 * The client's address, as the key of the per-address limits. Without TRUST_PROXY it is the
 * socket's address: X-Forwarded-For is then not read, since anyone can write it. With it, the
 * address comes from X-Forwarded-For, read from the right (the entries our own proxies
 * appended) past the trusted hops or addresses. An entry that is not an IP address means the
 * header is not what a proxy wrote, and the socket address is used instead.
 * In-process test requests have no socket and share the key 'unknown' (tests pass
 * `{ incoming: { socket: { remoteAddress } } }` as the app.request env to act as another address).
 */
export function clientIp(c: Context, trustProxy: TrustProxy | undefined): string {
  let socket: string | undefined;
  try {
    socket = getConnInfo(c).remote.address;
  } catch {
    socket = undefined;
  }
  if (!trustProxy || !socket) return ipKey(socket);
  return ipKey(forwardedClient(socket, c.req.header('x-forwarded-for'), trustProxy));
}

/** The client address from the chain [X-Forwarded-For..., socket] given what we trust. */
export function forwardedClient(socket: string, forwardedFor: string | undefined, trust: NonNullable<TrustProxy>): string {
  const chain = [...(forwardedFor ?? '').split(',').map((a) => a.trim()).filter(Boolean), socket];
  let index = chain.length - 1;
  if ('hops' in trust) {
    index = Math.max(0, chain.length - 1 - trust.hops);
  } else {
    const trusted = new Set(trust.addresses.map(normalise));
    while (index > 0 && trusted.has(normalise(chain[index]!))) index--;
  }
  const candidate = chain[index]!;
  return isIP(candidate) ? candidate : socket;
}

function normalise(address: string): string {
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').toLowerCase();
}

/** 429 with the readable error and Retry-After, in the app's one error shape. */
export function tooManyAttempts(c: Context, retryAfterSeconds: number) {
  return c.json({ error: TOO_MANY_ATTEMPTS }, 429, { 'Retry-After': String(retryAfterSeconds) });
}
