import {
  createdInviteSchema,
  createInviteSchema,
  householdSchema,
  inviteAboutSchema,
  inviteListSchema,
  joinHouseholdSchema,
  leftHouseholdSchema,
  renameHouseholdSchema,
  transferOwnershipSchema,
} from '../../shared/schemas/household.js';
import { msgSchema } from '../../shared/schemas/rest.js';
import type { AppDeps, MemberEnv } from '../context.js';
import { apiRouter, defineRoute, serveRoute } from '../lib/api-routes.js';
import { parseJson } from '../lib/parse.js';
import { clientIp, tooManyAttempts } from '../lib/rate-limited.js';
import { requireMember } from '../lib/require-member.js';
import { createSession } from '../services/auth/sessions.js';
import { deleteHousehold } from '../services/household/delete-household.js';
import { householdView, leaveHousehold, removeMember, renameHousehold, transferOwnership } from '../services/household/households.js';
import { aboutInvite, createInvite, listInvites, revokeInvite } from '../services/household/invites.js';
import { requestLanguage } from '../i18n/emails.js';
import { joinHousehold } from '../services/household/join.js';
import { createInviteLimits, limiterFactory } from '../services/rate-limit.js';

const householdApi = {
  get: defineRoute({ method: 'get', path: '/', summary: 'The household: name, your role, members by username', signedIn: true, answer: householdSchema, failures: [403] }),
  rename: defineRoute({ method: 'patch', path: '/', summary: 'Rename the household', signedIn: true, body: renameHouseholdSchema, answer: householdSchema, failures: [403] }),
  delete: defineRoute({
    method: 'delete',
    path: '/',
    summary:
      "Delete the household (owner only): its toys, lists, settings, rotations, photos and invites go; every member keeps their account in a household of their own; you get yours and a token bound to it. Premium stays with the paying account",
    signedIn: true,
    answer: leftHouseholdSchema,
    failures: [403],
  }),
  createInvite: defineRoute({
    method: 'post',
    path: '/invites',
    summary: 'A new invite: a link that works once, for 7 days; with `email`, also mailed there',
    signedIn: true,
    body: createInviteSchema,
    answer: createdInviteSchema,
    failures: [403],
  }),
  listInvites: defineRoute({ method: 'get', path: '/invites', summary: 'Open invites (codes are shown only when created)', signedIn: true, answer: inviteListSchema, failures: [403] }),
  revokeInvite: defineRoute({ method: 'delete', path: '/invites/{code}', summary: 'Revoke an invite, by its code or its listed id', signedIn: true, answer: msgSchema, failures: [403, 404] }),
  about: defineRoute({
    method: 'get',
    path: '/join/{code}',
    summary:
      "What an invite leads to, for the join page: the family's name and who invited (their username; null when that account is gone). No sign-in needed: the code is the secret. 404 when the invite is unknown, used, revoked or expired",
    answer: inviteAboutSchema,
    failures: [404],
  }),
  join: defineRoute({
    method: 'post',
    path: '/join',
    summary: 'Join the household of an invite, bringing your toys along or leaving them in your own household',
    signedIn: true,
    body: joinHouseholdSchema,
    answer: householdSchema,
    failures: [403, 404, 409, 429],
  }),
  leave: defineRoute({
    method: 'post',
    path: '/leave',
    summary: 'Leave the household: you get your own household back (or a new one) and a token bound to it',
    signedIn: true,
    answer: leftHouseholdSchema,
    failures: [403, 409],
  }),
  removeMember: defineRoute({ method: 'delete', path: '/members/{userId}', summary: 'Remove a member (owner only)', signedIn: true, answer: householdSchema, failures: [403, 404, 409] }),
  transfer: defineRoute({ method: 'post', path: '/owner', summary: 'Hand ownership over to another member (owner only)', signedIn: true, body: transferOwnershipSchema, answer: householdSchema, failures: [403, 404, 409] }),
};

/** /api/household (issue 13): every call acts on the caller's household. */
export function householdRoutes(deps: AppDeps) {
  const app = apiRouter<MemberEnv>();
  const member = requireMember(deps);
  const inviteLimits = createInviteLimits(limiterFactory(deps.db));
  const api = householdApi;
  const view = (c: { get(key: 'owner'): MemberEnv['Variables']['owner'] }) => householdView(deps.db, c.get('owner').id, c.get('owner').actorId);

  serveRoute(app, api.get, member, async (c) => c.json(await view(c)));
  serveRoute(app, api.rename, member, async (c) => {
    const { name } = await parseJson(c, api.rename.body);
    await renameHousehold(deps, c.get('owner').id, name);
    return c.json(await view(c));
  });

  serveRoute(app, api.delete, member, async (c) => {
    const owner = c.get('owner');
    const householdId = await deleteHousehold(deps, { userId: owner.actorId, role: owner.role }, owner.id);
    const token = await createSession(deps.db, owner.actorId, deps.now());
    return c.json({ ...(await householdView(deps.db, householdId, owner.actorId)), token });
  });

  serveRoute(app, api.createInvite, member, async (c) => {
    const { email } = await parseJson(c, api.createInvite.body);
    const user = c.get('user');
    const askedIn = requestLanguage(c.req.header('Accept-Language'));
    return c.json(await createInvite(deps, c.get('owner').id, { id: user.id, username: user.username }, email, askedIn));
  });
  serveRoute(app, api.listInvites, member, async (c) => c.json(await listInvites(deps, c.get('owner').id)));
  serveRoute(app, api.revokeInvite, member, async (c) => {
    await revokeInvite(deps, c.get('owner').id, c.req.param('code') ?? '');
    return c.json({ msg: 'The invite was revoked.' });
  });

  serveRoute(app, api.about, async (c) => c.json(await aboutInvite(deps.db, c.req.param('code') ?? '', deps.now())));

  serveRoute(app, api.join, member, async (c) => {
    const input = await parseJson(c, api.join.body);
    const wait = await inviteLimits.attempt(clientIp(c, deps.env.TRUST_PROXY), c.get('user').id);
    if (wait) return tooManyAttempts(c, wait);
    const { householdId } = await joinHousehold(deps, c.get('user').id, c.get('sessionHash'), input);
    return c.json(await householdView(deps.db, householdId, c.get('user').id));
  });

  serveRoute(app, api.leave, member, async (c) => {
    const userId = c.get('user').id;
    const householdId = await leaveHousehold(deps, userId, c.get('owner').id);
    const token = await createSession(deps.db, userId, deps.now());
    return c.json({ ...(await householdView(deps.db, householdId, userId)), token });
  });

  serveRoute(app, api.removeMember, member, async (c) => {
    const owner = c.get('owner');
    await removeMember(deps, { userId: owner.actorId, role: owner.role }, owner.id, c.req.param('userId') ?? '');
    return c.json(await view(c));
  });

  serveRoute(app, api.transfer, member, async (c) => {
    const owner = c.get('owner');
    const { userId } = await parseJson(c, api.transfer.body);
    await transferOwnership(deps, { userId: owner.actorId, role: owner.role }, owner.id, userId);
    return c.json(await view(c));
  });

  return app;
}
