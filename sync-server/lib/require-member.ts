import { createMiddleware } from 'hono/factory';
import type { AppDeps, MemberEnv } from '../context.js';
import { asHouseholdId } from '../db/schema.js';
import { HAND_IN_HEADER, ownerOf } from '../services/household/scope.js';
import { actingAs } from './actor.js';
import { authenticate, bearerToken } from './require-user.js';

/**
 * The guard of every household call (spec section 7, sync, media, billing, /api/household):
 * a live session (else 401) whose user is still a member of the household it was opened in
 * (else 403 {household: 'left'}). Sets `user`, `sessionHash` and `owner`, the data scope the
 * handler passes to services: the one place that decides it. The handler runs as the user
 * (actor.ts), so writes record who made them.
 */
export function requireMember(deps: AppDeps, options: { handIn?: boolean } = {}) {
  return createMiddleware<MemberEnv>(async (c, next) => {
    const session = await authenticate(deps, bearerToken(c.req.header('authorization')));
    c.set('user', session.user);
    c.set('sessionHash', session.sessionHash);
    c.set('binding', session.binding);
    const named = options.handIn ? c.req.header(HAND_IN_HEADER)?.trim() || undefined : undefined;
    // The household a device says it hands in to: ownerOf checks the person left it.
    const handInTo = named === undefined ? undefined : asHouseholdId(named);
    c.set('owner', await ownerOf(deps, session, { ...options, handInTo }));
    await actingAs(session.user.id, next);
  });
}
