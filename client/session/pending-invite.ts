// An invite link opened while signed out (issue 13): the code waits here while the person
// registers or logs in (a reload or the captcha in between keeps it), then /join/{code} goes on.

import { pendingPlace, placePath } from './pending-place.js';

const PENDING_INVITE_KEY = 'pendingInvite';
/** Invites live 7 days on the server; a code older than that here is of no use. */
const PENDING_INVITE_MS = 7 * 24 * 60 * 60 * 1000;

export function rememberInvite(storage: Storage, code: string, now: number): void {
  storage.setItem(PENDING_INVITE_KEY, JSON.stringify({ code, at: now }));
}

export function pendingInvite(storage: Storage, now: number): string | null {
  try {
    const parsed = JSON.parse(storage.getItem(PENDING_INVITE_KEY) ?? 'null') as { code?: unknown; at?: unknown } | null;
    if (!parsed || typeof parsed.code !== 'string' || typeof parsed.at !== 'number') return null;
    return now - parsed.at <= PENDING_INVITE_MS ? parsed.code : null;
  } catch {
    return null;
  }
}

export function forgetInvite(storage: Storage): void {
  storage.removeItem(PENDING_INVITE_KEY);
}

/** Where login and register go next: back to the invite, or to the bin label scanned (decision 048), or home. */
export function afterSignInPath(storage: Storage, now: number = Date.now()): string {
  const code = pendingInvite(storage, now);
  if (code) return `/join/${encodeURIComponent(code)}`;
  const place = pendingPlace(storage, now);
  return place ? placePath(place) : '/';
}
