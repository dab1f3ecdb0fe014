import type { z } from 'zod';
import { apiJsonParsedLater, type apiJson } from '../lib/http.js';

// The household calls of issue 13 (decision 016), each answer parsed with its shared schema. A
// 403 with `household: "left"` comes back as a HouseholdLeftError (lib/http.ts). The household
// switch uses some of them on every signed-in page, so the schemas (and zod) load with the
// first call, not with the first page (issue 16).

type Token = string | null;

const loadSchemas = async () => {
  const [household, auth, rest] = await Promise.all([
    import('../../shared/schemas/household.js'),
    import('../../shared/schemas/auth.js'),
    import('../../shared/schemas/rest.js'),
  ]);
  return { ...household, ...auth, ...rest };
};
type Schemas = Awaited<ReturnType<typeof loadSchemas>>;

type Call = Omit<NonNullable<Parameters<typeof apiJson>[1]>, 'schema'>;

/** `path` called with `options`, its answer parsed with the schema `pick` chooses (loaded after the call answered). */
function parsed<T>(path: string, options: Call, pick: (schemas: Schemas) => z.ZodType<T>): Promise<T> {
  return apiJsonParsedLater(path, options, async () => pick(await loadSchemas()));
}

export const householdApi = {
  get: (token: Token) => parsed('/api/household', { token }, (s) => s.householdSchema),
  rename: (token: Token, name: string) => parsed('/api/household', { method: 'PATCH', token, body: { name } }, (s) => s.householdSchema),
  invites: (token: Token) => parsed('/api/household/invites', { token }, (s) => s.inviteListSchema),
  invite: (token: Token, email?: string) =>
    parsed('/api/household/invites', { method: 'POST', token, body: email ? { email } : {} }, (s) => s.createdInviteSchema),
  /** By the code, or the id the invites list shows (codes are shown only once, when created). */
  revoke: (token: Token, codeOrId: string) =>
    parsed(`/api/household/invites/${encodeURIComponent(codeOrId)}`, { method: 'DELETE', token }, (s) => s.msgSchema),
  /** The family an invite leads to and who invited; no sign-in needed (the code is the secret). */
  about: (code: string) => parsed(`/api/household/join/${encodeURIComponent(code)}`, { token: null }, (s) => s.inviteAboutSchema),
  join: (token: Token, code: string, bringMyToys: boolean) =>
    parsed('/api/household/join', { method: 'POST', token, body: { code, bringMyToys } }, (s) => s.householdSchema),
  /** Answers the person's own household now and a token bound to it. */
  leave: (token: Token) => parsed('/api/household/leave', { method: 'POST', token }, (s) => s.leftHouseholdSchema),
  /** Owner only: deletes the household for everyone; answers the owner's new household and a token bound to it. */
  deleteHousehold: (token: Token) => parsed('/api/household', { method: 'DELETE', token }, (s) => s.leftHouseholdSchema),
  remove: (token: Token, userId: string) =>
    parsed(`/api/household/members/${encodeURIComponent(userId)}`, { method: 'DELETE', token }, (s) => s.householdSchema),
  makeOwner: (token: Token, userId: string) => parsed('/api/household/owner', { method: 'POST', token, body: { userId } }, (s) => s.householdSchema),
  /** Who this token is and which household the account works on now (after leaving or removal: another). */
  me: (token: Token) => parsed('/api/auth/me', { token }, (s) => s.meResponseSchema),
  /** A fresh token, bound to the household the account belongs to now (decision 016). */
  renew: (token: Token) => parsed('/api/auth/renew', { method: 'POST', token }, (s) => s.renewResponseSchema),
};
