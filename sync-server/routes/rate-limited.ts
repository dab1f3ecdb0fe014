import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { ipKey, TOO_MANY_ATTEMPTS } from '../services/rate-limit.js';

/**
 * The client's address as the socket sees it. X-Forwarded-For is not read: anyone can write
 * it, and no proxy setting tells us to trust it. In-process test requests have no socket and
 * share the key 'unknown' (tests pass `{ incoming: { socket: { remoteAddress } } }` as the
 * app.request env to act as another address).
 */
export function clientIp(c: Context): string {
  try {
    return ipKey(getConnInfo(c).remote.address);
  } catch {
    return 'unknown';
  }
}

/** 429 with the readable error and Retry-After, in the app's one error shape. */
export function tooManyAttempts(c: Context, retryAfterSeconds: number) {
  return c.json({ error: TOO_MANY_ATTEMPTS }, 429, { 'Retry-After': String(retryAfterSeconds) });
}
