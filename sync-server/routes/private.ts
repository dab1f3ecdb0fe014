import { Hono } from 'hono';
import {
  addToyBodySchema,
  deleteBasketBodySchema,
  deleteTypeBodySchema,
  updateBasketBodySchema,
  updateBasketNameBodySchema,
  updateExcludedBodySchema,
  updateFavoriteBodySchema,
  updateRotationNumberBodySchema,
  updateSettingsBodySchema,
  updateToyBodySchema,
  updateTypeNameBodySchema,
} from '../../shared/schemas/rest.js';
import type { AppDeps, AuthedEnv } from '../context.js';
import { parseJson } from '../lib/parse.js';
import { requireUser } from '../lib/require-user.js';
import { ACCOUNT_DELETED_MESSAGE, deleteUser } from '../services/account/delete-user.js';
import { deleteCategory, renameCategory, replaceCategories } from '../services/lists/categories.js';
import { collectionsForPlan, deleteCollection, renameCollections, replaceCollections } from '../services/lists/collections.js';
import { currentRotationToys, rotateToys } from '../services/rotation/rotation.js';
import { getLastRotationDate, getSettings, touchLastRotationDate, updateRotationNumber } from '../services/settings/settings.js';
import { updateToysCollection } from '../services/toys/toy-collections.js';
import { addToy, deleteToy, listToys, setToyFlag, toyAmounts, updateToy } from '../services/toys/toys.js';

/** The spec's Private calls (section 7), all behind the bearer token; paths exactly as listed. */
export function privateRoutes(deps: AppDeps) {
  const app = new Hono<AuthedEnv>();
  // On each route rather than on '*', so an unknown path is a 404, not a 401.
  const auth = requireUser(deps);

  // Toys
  for (const path of ['/getusertoys', '/getUserToys']) {
    app.get(path, auth, async (c) => c.json(await listToys(deps, c.get('user').id)));
  }
  app.get('/unexcludedToysAmount', auth, async (c) => c.json((await toyAmounts(deps, c.get('user').id)).unexcluded));
  app.get('/excludedToysAmount', auth, async (c) => c.json((await toyAmounts(deps, c.get('user').id)).excluded));
  app.post('/addToy', auth, async (c) => {
    const toy = await addToy(deps, c.get('user'), await parseJson(c, addToyBodySchema));
    return c.json({ msg: 'Image uploaded successfully', toy });
  });
  app.put('/updatetoy/:id', auth, async (c) => {
    const toy = await updateToy(deps, c.get('user'), c.req.param('id'), await parseJson(c, updateToyBodySchema));
    return c.json({ msg: 'Toy updated.', toy });
  });
  app.delete('/deletetoy/:id', auth, async (c) => {
    await deleteToy(deps, c.get('user').id, c.req.param('id'));
    return c.json({ msg: 'Toy deleted.' });
  });
  app.put('/updateExcludedToy/:id', auth, async (c) => {
    const { excludedToy } = await parseJson(c, updateExcludedBodySchema);
    return c.json(await setToyFlag(deps, c.get('user').id, c.req.param('id'), 'excluded', excludedToy));
  });
  app.put('/updateFavoriteToyProporty/:id', auth, async (c) => {
    const { favoriteToy } = await parseJson(c, updateFavoriteBodySchema);
    return c.json(await setToyFlag(deps, c.get('user').id, c.req.param('id'), 'favorite', favoriteToy));
  });

  // Rotation
  app.get('/getuserrandomtoys', auth, async (c) => c.json(await currentRotationToys(deps, c.get('user').id)));
  app.get('/pickRandomToys', auth, async (c) => c.json({ msg: (await rotateToys(deps, c.get('user').id)).msg }));
  app.get('/getLastRotationDate', auth, async (c) => c.json(await getLastRotationDate(deps, c.get('user').id)));
  app.get('/updateLastRotationDate', auth, async (c) => c.json(await touchLastRotationDate(deps, c.get('user').id)));
  app.put('/updateToyRotationNumber', auth, async (c) => {
    const { rotationToysNumber } = await parseJson(c, updateRotationNumberBodySchema);
    return c.json({ msg: await updateRotationNumber(deps, c.get('user').id, rotationToysNumber) });
  });

  // Settings, categories and collections
  app.get('/getsettings', auth, async (c) => c.json(await getSettings(deps, c.get('user'))));
  app.get('/collectionsForCurrentPlan', auth, async (c) => c.json(await collectionsForPlan(deps, c.get('user'))));
  app.put('/updateSettings', auth, async (c) => {
    const body = await parseJson(c, updateSettingsBodySchema);
    if ('toyTypes' in body) await replaceCategories(deps, c.get('user').id, body.toyTypes);
    else await replaceCollections(deps, c.get('user'), body.toysBaskets);
    return c.json(await getSettings(deps, c.get('user')));
  });
  app.put('/deleteType', auth, async (c) => {
    const { typeToDelete } = await parseJson(c, deleteTypeBodySchema);
    await deleteCategory(deps, c.get('user').id, typeToDelete);
    return c.json(await getSettings(deps, c.get('user')));
  });
  app.put('/updateTypeName', auth, async (c) => {
    await renameCategory(deps, c.get('user').id, await parseJson(c, updateTypeNameBodySchema));
    return c.json(await getSettings(deps, c.get('user')));
  });
  app.put('/deleteBasket', auth, async (c) => {
    const { basketToDelete } = await parseJson(c, deleteBasketBodySchema);
    await deleteCollection(deps, c.get('user').id, basketToDelete);
    return c.json(await getSettings(deps, c.get('user')));
  });
  app.put('/updateBasketName', auth, async (c) => {
    const { toysBaskets } = await parseJson(c, updateBasketNameBodySchema);
    await renameCollections(deps, c.get('user').id, toysBaskets);
    return c.json(await getSettings(deps, c.get('user')));
  });
  app.put('/updateBasket', auth, async (c) => {
    return c.json(await updateToysCollection(deps, c.get('user').id, await parseJson(c, updateBasketBodySchema)));
  });

  // Account
  app.post('/deleteUser', auth, async (c) => {
    await deleteUser(deps, c.get('user').id);
    return c.json({ msg: ACCOUNT_DELETED_MESSAGE });
  });

  return app;
}
