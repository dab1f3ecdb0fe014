// Session length (spec sections 4 and 9): the client drops its token 7,140,000 ms (1 h 59 min)
// after setupTime, and the server's sessions end at the same age, so both sides agree.

export const SESSION_LIFETIME_MS = 7_140_000;

/** When a session started at `startedAt` (epoch ms) ends. */
export function sessionExpiresAt(startedAt: number): number {
  return startedAt + SESSION_LIFETIME_MS;
}

/** True once a session started at `startedAt` has ended (the end instant itself counts as ended). */
export function sessionExpired(startedAt: number, now: number): boolean {
  return now >= sessionExpiresAt(startedAt);
}
