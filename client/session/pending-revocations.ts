// Log Out while offline (issue 9, fault 5): the token must still end on the server. Its
// revocation waits in local storage and is sent (POST /api/auth/logout) once the network is back.

export const PENDING_REVOCATIONS_KEY = 'pendingRevocations';

/** 'done': revoked, or the server no longer knows the token; 'retry': no answer, try later. */
export type RevokeResult = 'done' | 'retry';

export function pendingRevocations(storage: Storage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(PENDING_REVOCATIONS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string' && item.length > 0) : [];
  } catch {
    return [];
  }
}

function store(storage: Storage, tokens: string[]): void {
  if (tokens.length === 0) storage.removeItem(PENDING_REVOCATIONS_KEY);
  else storage.setItem(PENDING_REVOCATIONS_KEY, JSON.stringify(tokens));
}

export function queueRevocation(storage: Storage, token: string): void {
  const tokens = pendingRevocations(storage);
  if (!tokens.includes(token)) store(storage, [...tokens, token]);
}

/**
 * Sends every waiting revocation once; keeps those that got no answer. Re-reads storage before
 * each step, since another tab may queue or send revocations meanwhile. Answers how many wait.
 */
export async function flushRevocations(storage: Storage, revoke: (token: string) => Promise<RevokeResult>): Promise<number> {
  const tried = new Set<string>();
  for (;;) {
    // Tokens queued during this pass (a Log Out meanwhile) are sent in it too.
    const token = pendingRevocations(storage).find((t) => !tried.has(t));
    if (token === undefined) break;
    tried.add(token);
    if ((await revoke(token)) === 'done') store(storage, pendingRevocations(storage).filter((t) => t !== token));
  }
  return pendingRevocations(storage).length;
}
