import { z } from 'zod';
import {
  addToyBodySchema,
  deleteBasketBodySchema,
  deleteTypeBodySchema,
  lastRotationDateSchema,
  msgSchema,
  practiceSettingsSchema,
  restSettingsSchema,
  restToySchema,
  toyAnswerSchema,
  updateBasketBodySchema,
  updateBasketNameBodySchema,
  updateExcludedBodySchema,
  updateFavoriteBodySchema,
  updateRotationNumberBodySchema,
  updateSettingsBodySchema,
  updateToyBodySchema,
  updateTypeNameBodySchema,
} from '../../shared/schemas/rest.js';
import { rotateQuerySchema } from '../../shared/schemas/collection-rotation.js';
import type { AppDeps, MemberEnv } from '../context.js';
import { AnswerCache } from '../lib/answer-cache.js';
import { apiRouter, defineRoute, serveRoute } from '../lib/api-routes.js';
import { sendCachedJson } from '../lib/cached-json.js';
import { HttpError } from '../lib/http-error.js';
import { parseJson, parseWith } from '../lib/parse.js';
import { requireMember } from '../lib/require-member.js';
import { requireUser } from '../lib/require-user.js';
import { ACCOUNT_DELETED_MESSAGE, deleteUser } from '../services/account/delete-user.js';
import { exportArchive, exportFileName } from '../services/export/export-archive.js';
import { IMPORT_MAX_BODY_BYTES } from '../services/export/import-archive.js';
import { createImportBudget } from '../services/export/import-budget.js';
import { createImportGate } from '../services/export/import-gate.js';
import { importFromRequest } from '../services/export/import-request.js';
import { deleteCategory, renameCategory, replaceCategories } from '../services/lists/categories.js';
import { collectionsForPlan, deleteCollection, renameCollections, replaceCollections } from '../services/lists/collections.js';
import { currentRotationToys, rotateToys } from '../services/rotation/rotation.js';
import { getLastRotationDate, getSettings, touchLastRotationDate, updatePracticeSettings, updateRotationNumber } from '../services/settings/settings.js';
import { updateToysCollection } from '../services/toys/toy-collections.js';
import { toyListVersion } from '../services/toys/toy-list-version.js';
import { addToy, deleteToy, listToys, setToyFlag, toyAmounts, updateToy } from '../services/toys/toys.js';

const toys = z.array(restToySchema);
const settings = z.array(restSettingsSchema);
const importAnswerSchema = z.object({
  msg: z.string(),
  counts: z.object({
    toysAdded: z.number().int(),
    toysUpdated: z.number().int(),
    toysUnchanged: z.number().int(),
    toysAlreadyThere: z.number().int(),
    categoriesAdded: z.number().int(),
    categoriesMerged: z.number().int(),
    collectionsAdded: z.number().int(),
    collectionsMerged: z.number().int(),
    rotationsAdded: z.number().int(),
    childrenAdded: z.number().int(),
    childrenMerged: z.number().int(),
    photos: z.number().int(),
  }),
  /** What changed in the settings and children, one readable line each. */
  settingsChanges: z.array(z.string()),
  warnings: z.array(z.string()),
});

/** The spec's Private calls (section 7): all signed in, paths exactly as the spec lists them. */
const get = (path: string, summary: string, answer: z.ZodType) =>
  defineRoute({ method: 'get', path, summary, answer, signedIn: true });

const privateApi = {
  getusertoys: get('/getusertoys', 'All toys', toys),
  getUserToys: get('/getUserToys', 'All toys (the spec also calls it with this spelling)', toys),
  unexcludedToysAmount: get('/unexcludedToysAmount', 'How many toys take part in rotations', z.number().int()),
  excludedToysAmount: get('/excludedToysAmount', 'How many toys are left out of rotations', z.number().int()),
  addToy: defineRoute({ method: 'post', path: '/addToy', summary: 'Add a toy with its photo', signedIn: true, body: addToyBodySchema, answer: toyAnswerSchema, failures: [403, 413] }),
  updatetoy: defineRoute({ method: 'put', path: '/updatetoy/{id}', summary: 'Change a toy', signedIn: true, body: updateToyBodySchema, answer: toyAnswerSchema, failures: [404] }),
  deletetoy: defineRoute({ method: 'delete', path: '/deletetoy/{id}', summary: 'Delete a toy', signedIn: true, answer: msgSchema, failures: [404] }),
  updateExcludedToy: defineRoute({ method: 'put', path: '/updateExcludedToy/{id}', summary: 'Leave a toy out of rotations, or not', signedIn: true, body: updateExcludedBodySchema, answer: restToySchema, failures: [404] }),
  updateFavoriteToyProporty: defineRoute({ method: 'put', path: '/updateFavoriteToyProporty/{id}', summary: 'Mark a toy as a favourite, or not', signedIn: true, body: updateFavoriteBodySchema, answer: restToySchema, failures: [404] }),

  getuserrandomtoys: get('/getuserrandomtoys', 'The toys of the current rotation', toys),
  pickRandomToys: defineRoute({ method: 'get', path: '/pickRandomToys', summary: 'Rotate: pick a fresh random set; ?collectionId= draws from one collection (404 when it is not the household\'s)', signedIn: true, query: rotateQuerySchema, answer: msgSchema, failures: [404] }),
  getLastRotationDate: get('/getLastRotationDate', 'When the toys were last rotated', z.array(lastRotationDateSchema)),
  updateLastRotationDate: get('/updateLastRotationDate', 'Record a rotation now', z.array(lastRotationDateSchema)),
  updateToyRotationNumber: defineRoute({ method: 'put', path: '/updateToyRotationNumber', summary: 'How many toys come out per rotation', signedIn: true, body: updateRotationNumberBodySchema, answer: msgSchema }),

  getsettings: get('/getsettings', 'Settings, categories and collections', settings),
  collectionsForCurrentPlan: get('/collectionsForCurrentPlan', 'Collection names the plan allows', z.array(z.string())),
  updateSettings: defineRoute({ method: 'put', path: '/updateSettings', summary: 'Replace the category or the collection names; or set rotationMode, rotationIntervalDays (first child), reminderEmail, timeZone', signedIn: true, body: updateSettingsBodySchema, answer: settings, failures: [403, 409] }),
  deleteType: defineRoute({ method: 'put', path: '/deleteType', summary: 'Delete a category', signedIn: true, body: deleteTypeBodySchema, answer: settings, failures: [404] }),
  updateTypeName: defineRoute({ method: 'put', path: '/updateTypeName', summary: 'Rename a category', signedIn: true, body: updateTypeNameBodySchema, answer: settings, failures: [404, 409] }),
  deleteBasket: defineRoute({ method: 'put', path: '/deleteBasket', summary: 'Delete a collection', signedIn: true, body: deleteBasketBodySchema, answer: settings, failures: [404] }),
  updateBasketName: defineRoute({ method: 'put', path: '/updateBasketName', summary: 'Rename collections', signedIn: true, body: updateBasketNameBodySchema, answer: settings, failures: [409] }),
  updateBasket: defineRoute({ method: 'put', path: '/updateBasket', summary: 'Put toys into a collection, or take them out', signedIn: true, body: updateBasketBodySchema, answer: z.object({ msg: z.string(), toys }), failures: [404] }),

  exportData: defineRoute({
    method: 'get',
    path: '/export',
    summary: 'Everything in the account as one zip: toy-rotation.json, toys.csv and photos/ (the format of decision 020)',
    signedIn: true,
    answer: 'The zip, streamed',
    answerTypes: ['application/zip'],
  }),
  importData: defineRoute({
    method: 'post',
    path: '/import',
    summary: `Import a zip made by export (all or nothing; ${IMPORT_MAX_BODY_BYTES / 1024 / 1024} MB at most; one at a time per household, 429; 503 while the server's imports use their memory budget); answers the counts`,
    signedIn: true,
    upload: ['application/zip'],
    answer: importAnswerSchema,
    failures: [403, 413, 415, 429, 503],
  }),

  deleteUser: defineRoute({ method: 'post', path: '/deleteUser', summary: 'Delete the account and everything in it', signedIn: true, answer: msgSchema, failures: [502] }),
};

/** The toy-list answers kept in memory, plain and compressed (about 500 households of 100 toys). */
const TOY_LIST_CACHE_BYTES = 16 * 1024 * 1024;

const PRACTICE_SETTINGS = ['rotationMode', 'rotationIntervalDays', 'reminderEmail', 'timeZone'];

/** A body with issue 14's options and none of the spec's lists. */
function isPracticeSettingsBody(body: unknown): body is Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  return keys.some((key) => PRACTICE_SETTINGS.includes(key)) && !keys.includes('toyTypes') && !keys.includes('toysBaskets');
}

/** /api/private (trailing slashes optional: the app is not strict). */
export function privateRoutes(deps: AppDeps) {
  const importGate = createImportGate(createImportBudget({ onChange: (inUse) => deps.metrics.importMemoryBytes.set(inUse) }));
  deps.metrics.importMemoryBudgetBytes.set(importGate.budget.total);
  const app = apiRouter<MemberEnv>();
  // On each route rather than on '*', so an unknown path is a 404, not a 401. Every call acts
  // on the caller's household (`owner`, decided by requireMember: the one place), never on B's.
  const auth = requireMember(deps);
  const api = privateApi;

  // Toys
  // The list is asked for far more often than it changes: each household's latest answer is
  // kept, compressed, until its change clock moves (issue 16).
  const toyLists = new AnswerCache(TOY_LIST_CACHE_BYTES);
  for (const route of [api.getusertoys, api.getUserToys]) {
    serveRoute(app, route, auth, async (c) => {
      const owner = c.get('owner').id;
      const version = await toyListVersion(deps.db, owner);
      return sendCachedJson(c, await toyLists.answer(owner, version, async () => JSON.stringify(await listToys(deps, owner))));
    });
  }
  serveRoute(app, api.unexcludedToysAmount, auth, async (c) => c.json((await toyAmounts(deps, c.get('owner').id)).unexcluded));
  serveRoute(app, api.excludedToysAmount, auth, async (c) => c.json((await toyAmounts(deps, c.get('owner').id)).excluded));
  serveRoute(app, api.addToy, auth, async (c) => {
    const toy = await addToy(deps, c.get('owner'), await parseJson(c, api.addToy.body));
    return c.json({ msg: 'Image uploaded successfully', toy });
  });
  serveRoute(app, api.updatetoy, auth, async (c) => {
    const toy = await updateToy(deps, c.get('owner'), c.req.param('id') ?? '', await parseJson(c, api.updatetoy.body));
    return c.json({ msg: 'Toy updated.', toy });
  });
  serveRoute(app, api.deletetoy, auth, async (c) => {
    await deleteToy(deps, c.get('owner').id, c.req.param('id') ?? '');
    return c.json({ msg: 'Toy deleted.' });
  });
  serveRoute(app, api.updateExcludedToy, auth, async (c) => {
    const { excludedToy } = await parseJson(c, api.updateExcludedToy.body);
    return c.json(await setToyFlag(deps, c.get('owner').id, c.req.param('id') ?? '', 'excluded', excludedToy));
  });
  serveRoute(app, api.updateFavoriteToyProporty, auth, async (c) => {
    const { favoriteToy } = await parseJson(c, api.updateFavoriteToyProporty.body);
    return c.json(await setToyFlag(deps, c.get('owner').id, c.req.param('id') ?? '', 'favorite', favoriteToy));
  });

  // Rotation
  serveRoute(app, api.getuserrandomtoys, auth, async (c) => c.json(await currentRotationToys(deps, c.get('owner').id)));
  serveRoute(app, api.pickRandomToys, auth, async (c) => {
    const { collectionId } = parseWith(rotateQuerySchema, c.req.query());
    const source = collectionId ? ({ kind: 'collection', collectionId } as const) : undefined;
    return c.json({ msg: (await rotateToys(deps, c.get('owner').id, { source })).msg });
  });
  serveRoute(app, api.getLastRotationDate, auth, async (c) => c.json(await getLastRotationDate(deps, c.get('owner').id)));
  serveRoute(app, api.updateLastRotationDate, auth, async (c) => c.json(await touchLastRotationDate(deps, c.get('owner').id)));
  serveRoute(app, api.updateToyRotationNumber, auth, async (c) => {
    const { rotationToysNumber } = await parseJson(c, api.updateToyRotationNumber.body);
    return c.json({ msg: await updateRotationNumber(deps, c.get('owner').id, rotationToysNumber) });
  });

  // Settings, categories and collections
  serveRoute(app, api.getsettings, auth, async (c) => c.json(await getSettings(deps, c.get('owner'))));
  serveRoute(app, api.collectionsForCurrentPlan, auth, async (c) => c.json(await collectionsForPlan(deps, c.get('owner'))));
  serveRoute(app, api.updateSettings, auth, async (c) => {
    const raw = await parseJson(c, z.unknown());
    if (isPracticeSettingsBody(raw)) {
      // Issue 14's options answer their own readable errors ("rotationIntervalDays: ...").
      await updatePracticeSettings(deps, c.get('owner').id, parseWith(practiceSettingsSchema, raw));
      return c.json(await getSettings(deps, c.get('owner')));
    }
    const body = parseWith(api.updateSettings.body, raw);
    if ('toyTypes' in body) await replaceCategories(deps, c.get('owner').id, body.toyTypes);
    else if ('toysBaskets' in body) await replaceCollections(deps, c.get('owner'), body.toysBaskets);
    return c.json(await getSettings(deps, c.get('owner')));
  });
  serveRoute(app, api.deleteType, auth, async (c) => {
    const { typeToDelete } = await parseJson(c, api.deleteType.body);
    await deleteCategory(deps, c.get('owner').id, typeToDelete);
    return c.json(await getSettings(deps, c.get('owner')));
  });
  serveRoute(app, api.updateTypeName, auth, async (c) => {
    await renameCategory(deps, c.get('owner').id, await parseJson(c, api.updateTypeName.body));
    return c.json(await getSettings(deps, c.get('owner')));
  });
  serveRoute(app, api.deleteBasket, auth, async (c) => {
    const { basketToDelete } = await parseJson(c, api.deleteBasket.body);
    await deleteCollection(deps, c.get('owner').id, basketToDelete);
    return c.json(await getSettings(deps, c.get('owner')));
  });
  serveRoute(app, api.updateBasketName, auth, async (c) => {
    const { toysBaskets } = await parseJson(c, api.updateBasketName.body);
    await renameCollections(deps, c.get('owner').id, toysBaskets);
    return c.json(await getSettings(deps, c.get('owner')));
  });
  serveRoute(app, api.updateBasket, auth, async (c) => {
    return c.json(await updateToysCollection(deps, c.get('owner').id, await parseJson(c, api.updateBasket.body)));
  });

  // Your data (decision 020)
  serveRoute(app, api.exportData, auth, async (c) => {
    const stream = await exportArchive(deps, c.get('owner'));
    return c.body(stream, 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${exportFileName(deps.now())}"`,
      'Cache-Control': 'no-store',
    });
  });
  serveRoute(
    app,
    api.importData,
    auth,
    // The type first: a JSON body was already read by the NUL check, and the limit reads it again.
    async (c, next) => {
      const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (type !== 'application/zip' && type !== 'application/octet-stream') {
        throw new HttpError(415, 'Send the zip made by export, with Content-Type application/zip.');
      }
      await next();
    },
    // One per household, within the server's memory budget; the body streams, never held whole.
    async (c) => c.json(await importFromRequest(deps, importGate, c.get('owner'), c.req.raw)),
  );

  // Account
  // The account, not the household: works for a session whose user has left its household too.
  serveRoute(app, api.deleteUser, requireUser<MemberEnv>(deps), async (c) => {
    await deleteUser(deps, c.get('user').id);
    return c.json({ msg: ACCOUNT_DELETED_MESSAGE });
  });

  return app;
}
