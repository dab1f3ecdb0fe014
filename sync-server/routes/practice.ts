import type { Context } from 'hono';
import { z } from 'zod';
import {
  addChildBodySchema,
  msgSchema,
  observeBodySchema,
  restChildSchema,
  restRotationSchema,
  restToySchema,
  retireBodySchema,
  rotateAnswerSchema,
  swapListSchema,
  toyChildrenBodySchema,
  toyLocationBodySchema,
  toyStorySchema,
  calendarFeedSchema,
  calendarFeedStateSchema,
  updateChildBodySchema,
  historyQuerySchema,
} from '../../shared/schemas/rest.js';
import { OBSERVATIONS } from '../../shared/schemas/docs.js';
import { rotateQuerySchema } from '../../shared/schemas/collection-rotation.js';
import type { AppDeps, MemberEnv } from '../context.js';
import { apiRouter, defineRoute, serveRoute } from '../lib/api-routes.js';
import { parseJson, parseWith } from '../lib/parse.js';
import { requireMember } from '../lib/require-member.js';
import { addChild, deleteChild, getChild, getChildren, updateChild } from '../services/practice/children.js';
import {
  observeToy,
  retiredToys,
  retireToy,
  rotationHistory,
  setToyChildren,
  setToyLocation,
  storagePlaces,
  swapListFor,
  toyStoryOf,
  unretireToy,
} from '../services/practice/practice.js';
import { currentRotationToys, rotateToys } from '../services/rotation/rotation.js';
import { calendarFeed } from '../services/practice/calendar-feed.js';
import {
  calendarFeedState,
  createCalendarFeed,
  isUnsubscribeToken,
  revokeCalendarFeed,
  unsubscribeReminders,
} from '../services/practice/schedule-reminders.js';
import type { HouseholdId } from '../db/schema.js';
import { unsubscribePage, unsubscribePageLanguage } from '../i18n/unsubscribe-page.js';

// Rotation practice calls (issue 14, decision 018), under /api/private beside the spec's. The
// data owner is decided here only (`owner`): the user today, the household after issue 13.

const route = (method: 'get' | 'post' | 'put' | 'delete', path: string, summary: string, answer: z.ZodType, extra: { body?: z.ZodType; failures?: number[] } = {}) =>
  defineRoute({ method, path, summary, answer, signedIn: true, ...extra });

const api = {
  getChildren: route('get', '/getChildren', 'The children (the first first), with their schedules', z.array(restChildSchema)),
  addChild: defineRoute({ method: 'post', path: '/addChild', summary: 'Add a child', signedIn: true, body: addChildBodySchema, answer: restChildSchema, failures: [403] }),
  updateChild: defineRoute({ method: 'put', path: '/updateChild/{childId}', summary: "Change a child's name, birth month and year, rotation count or interval", signedIn: true, body: updateChildBodySchema, answer: restChildSchema, failures: [404] }),
  deleteChild: route('delete', '/deleteChild/{childId}', 'Remove a child (not the first); its rotations stay in the history', msgSchema, { failures: [404] }),
  rotateChild: defineRoute({ method: 'post', path: '/rotateChild/{childId}', summary: "Rotate one child's toys in the household's rotationMode; ?collectionId= draws from one collection (404 when it is not the household's)", signedIn: true, query: rotateQuerySchema, answer: rotateAnswerSchema, failures: [404] }),
  childToys: route('get', '/childToys/{childId}', "The toys of the child's current rotation", z.array(restToySchema), { failures: [404] }),
  swapList: route('get', '/swapList/{childId}', 'After the latest rotation: what to put away and what to bring out, with storage places', swapListSchema, { failures: [404] }),
  history: defineRoute({ method: 'get', path: '/rotationHistory', summary: 'Past rotations, newest first: toys, child, who rotated, observations', signedIn: true, query: historyQuerySchema, answer: z.array(restRotationSchema), failures: [404] }),
  observeToy: defineRoute({ method: 'put', path: '/observeToy/{rotationId}', summary: "How a toy went in the child's latest rotation (lot, little, none; null clears); an older rotation answers 409", signedIn: true, body: observeBodySchema, answer: z.object({ observations: z.record(z.string(), z.enum(OBSERVATIONS)) }), failures: [404, 409] }),
  toyStory: route('get', '/toyStory/{id}', "A toy's story: times out, last out, how it went", toyStorySchema, { failures: [404] }),
  retireToy: defineRoute({ method: 'put', path: '/retireToy/{id}', summary: 'Retire a toy (outgrown, passed-down, donated, broken, keepsake)', signedIn: true, body: retireBodySchema, answer: restToySchema, failures: [404] }),
  unretireToy: route('put', '/unretireToy/{id}', 'Bring a retired toy back', restToySchema, { failures: [403, 404] }),
  retiredToys: route('get', '/retiredToys', 'The retired toys', z.array(restToySchema)),
  updateToyLocation: defineRoute({ method: 'put', path: '/updateToyLocation/{id}', summary: "Set a toy's storage place", signedIn: true, body: toyLocationBodySchema, answer: restToySchema, failures: [404] }),
  storagePlaces: route('get', '/storagePlaces', 'Storage places already used, most used first', z.array(z.string())),
  createCalendarFeed: route('post', '/calendarFeed', 'Create (or regenerate) the private calendar feed link; the old link stops working', calendarFeedSchema),
  calendarFeedState: route('get', '/calendarFeed', 'Whether a calendar feed link exists', calendarFeedStateSchema),
  revokeCalendarFeed: route('delete', '/calendarFeed', 'Revoke the calendar feed link', msgSchema),
  updateToyChildren: defineRoute({ method: 'put', path: '/updateToyChildren/{id}', summary: 'The children a toy is for ([] = every child)', signedIn: true, body: toyChildrenBodySchema, answer: restToySchema, failures: [404] }),
};

export function practiceRoutes(deps: AppDeps) {
  const app = apiRouter<MemberEnv>();
  // Every call acts on the caller's household, decided by requireMember (issue 13).
  const auth = requireMember(deps);
  const owner = (c: { get: (key: 'owner') => { id: HouseholdId } }) => c.get('owner').id;
  const param = (c: { req: { param: (name: string) => string | undefined } }, name: string) => c.req.param(name) ?? '';

  serveRoute(app, api.getChildren, auth, async (c) => c.json(await getChildren(deps, owner(c))));
  serveRoute(app, api.addChild, auth, async (c) => c.json(await addChild(deps, owner(c), await parseJson(c, api.addChild.body))));
  serveRoute(app, api.updateChild, auth, async (c) => {
    const body = await parseJson(c, api.updateChild.body);
    return c.json(await updateChild(deps, owner(c), param(c, 'childId'), body));
  });
  serveRoute(app, api.deleteChild, auth, async (c) => {
    await deleteChild(deps, owner(c), param(c, 'childId'));
    return c.json({ msg: 'Child removed.' });
  });
  serveRoute(app, api.rotateChild, auth, async (c) => {
    const { collectionId } = parseWith(rotateQuerySchema, c.req.query());
    const source = collectionId ? ({ kind: 'collection', collectionId } as const) : undefined;
    const result = await rotateToys(deps, owner(c), { childId: param(c, 'childId'), source });
    return c.json({ msg: result.msg, rotationId: result.rotationId, childId: result.childId, toyIds: result.toyIds });
  });
  serveRoute(app, api.childToys, auth, async (c) => {
    await getChild(deps, owner(c), param(c, 'childId')); // 404 for an unknown child
    return c.json(await currentRotationToys(deps, owner(c), param(c, 'childId')));
  });
  serveRoute(app, api.swapList, auth, async (c) => c.json(await swapListFor(deps, owner(c), param(c, 'childId'))));
  serveRoute(app, api.history, auth, async (c) => {
    const query = parseWith(historyQuerySchema, c.req.query());
    const limit = query.limit === undefined ? undefined : Math.min(200, Math.max(1, Number(query.limit)));
    return c.json(await rotationHistory(deps, owner(c), { childId: query.childId, limit }));
  });
  serveRoute(app, api.observeToy, auth, async (c) => {
    const body = await parseJson(c, api.observeToy.body);
    return c.json({ observations: await observeToy(deps, owner(c), param(c, 'rotationId'), body.toyId, body.observation) });
  });
  serveRoute(app, api.toyStory, auth, async (c) => c.json(await toyStoryOf(deps, owner(c), param(c, 'id'))));
  serveRoute(app, api.retireToy, auth, async (c) => {
    const body = await parseJson(c, api.retireToy.body);
    return c.json(await retireToy(deps, owner(c), param(c, 'id'), body.reason, body.note ?? null));
  });
  serveRoute(app, api.unretireToy, auth, async (c) => c.json(await unretireToy(deps, c.get('owner'), owner(c), param(c, 'id'))));
  serveRoute(app, api.retiredToys, auth, async (c) => c.json(await retiredToys(deps, owner(c))));
  serveRoute(app, api.updateToyLocation, auth, async (c) => {
    const body = await parseJson(c, api.updateToyLocation.body);
    return c.json(await setToyLocation(deps, owner(c), param(c, 'id'), body.location));
  });
  serveRoute(app, api.storagePlaces, auth, async (c) => c.json(await storagePlaces(deps, owner(c))));
  serveRoute(app, api.updateToyChildren, auth, async (c) => {
    const body = await parseJson(c, api.updateToyChildren.body);
    return c.json(await setToyChildren(deps, owner(c), param(c, 'id'), body.childIds));
  });
  // The link carries its maker's language, so the calendar shows the feed in it (calendar-feed.ts).
  serveRoute(app, api.createCalendarFeed, auth, async (c) => c.json(await createCalendarFeed(deps, owner(c), c.get('user').language)));
  serveRoute(app, api.calendarFeedState, auth, async (c) => c.json(await calendarFeedState(deps, owner(c))));
  serveRoute(app, api.revokeCalendarFeed, auth, async (c) => {
    await revokeCalendarFeed(deps, owner(c));
    return c.json({ msg: 'Calendar link revoked.' });
  });
  return app;
}

const scheduleApi = {
  calendar: defineRoute({
    method: 'get',
    path: '/calendar/{file}',
    summary:
      "The private calendar feed, {secret}.ics (iCalendar): the upcoming rotation due days with the children's names, in the language of `lang` (the link as made carries its maker's), else the household owner's, else Accept-Language's",
    // Any other value is ignored (as if absent): a feed never fails for its language.
    query: z.object({ lang: z.string().optional().describe('en, es, de or fr') }),
    answer: 'text/calendar',
    failures: [404],
  }),
  unsubscribeAsk: defineRoute({ method: 'get', path: '/reminders/unsubscribe/{token}', summary: 'The link in each reminder email: a page asking to confirm (a GET changes nothing)', answer: 'text/html', failures: [404] }),
  unsubscribe: defineRoute({ method: 'post', path: '/reminders/unsubscribe/{token}', summary: 'Turn rotation reminder emails off (the confirm button, or a mail program\'s one-click unsubscribe, RFC 8058)', answer: 'text/html', failures: [404] }),
};

const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid.';

/** /api/calendar and /api/reminders: links that work without signing in (their secret is the key). */
export function scheduleRoutes(deps: AppDeps) {
  const app = apiRouter();
  serveRoute(app, scheduleApi.calendar, async (c) => {
    const file = c.req.param('file') ?? '';
    const asked = { lang: c.req.query('lang'), acceptLanguage: c.req.header('accept-language') };
    const feed = file.endsWith('.ics') ? await calendarFeed(deps, file.slice(0, -'.ics'.length), asked) : null;
    if (feed === null) return c.json({ error: 'This calendar link is not valid (it may have been revoked).' }, 404);
    return c.body(feed, 200, { 'Content-Type': 'text/calendar; charset=utf-8', 'Cache-Control': 'private, max-age=3600' });
  });
  // Mail scanners open links: the GET only asks, the POST (the button, or the mail program's
  // one-click unsubscribe with List-Unsubscribe-Post) acts. The form posts back to this same URL.
  // An ended link: a page for a person (a browser asks for HTML), the API's {error} for a program.
  // The pages speak the email's language (i18n/unsubscribe-page.ts).
  const language = (c: Context) => unsubscribePageLanguage(deps, c.req.param('token') ?? '', c.req.header('accept-language'));
  const invalid = async (c: Context) =>
    c.req.header('accept')?.includes('text/html') ? c.html(unsubscribePage('ended', await language(c)), 404) : c.json({ error: UNSUBSCRIBE_INVALID }, 404);
  serveRoute(app, scheduleApi.unsubscribeAsk, async (c) => {
    if (!(await isUnsubscribeToken(deps, c.req.param('token') ?? ''))) return invalid(c);
    return c.html(unsubscribePage('ask', await language(c)));
  });
  serveRoute(app, scheduleApi.unsubscribe, async (c) => {
    const shown = await language(c);
    if (!(await unsubscribeReminders(deps, c.req.param('token') ?? ''))) return invalid(c);
    return c.html(unsubscribePage('done', shown));
  });
  return app;
}
