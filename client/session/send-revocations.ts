import { ApiError, apiJson } from '../lib/http.js';
import { flushRevocations, type RevokeResult } from './pending-revocations.js';

async function revoke(token: string): Promise<RevokeResult> {
  try {
    await apiJson('/api/auth/logout', { method: 'POST', token });
    return 'done';
  } catch (error) {
    // 401: the server no longer knows the token, which is what we wanted.
    if (error instanceof ApiError && !error.network && error.status === 401) return 'done';
    return 'retry';
  }
}

let running: Promise<number> | null = null;

/** Sends the waiting revocations once (calls while one pass runs share it). */
export function sendRevocations(): Promise<number> {
  if (!navigator.onLine) return Promise.resolve(-1);
  running ??= flushRevocations(window.localStorage, revoke).finally(() => {
    running = null;
  });
  return running;
}
