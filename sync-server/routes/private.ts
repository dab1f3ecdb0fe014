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
  app.use('*', requireUser(deps));

  // Toys
  for (const path of ['/getusertoys', '/getUserToys']) {
    app.get(path, async (c) => c.json(await listToys(deps, c.get('user').id)));
  }
  app.get('/unexcludedToysAmount', async (c) => c.json((await toyAmounts(deps, c.get('user').id)).unexcluded));
  app.get('/excludedToysAmount', async (c) => c.json((await toyAmounts(deps, c.get('user').id)).excluded));
  app.post('/addToy', async (c) => {
    const toy = await addToy(deps, c.get('user'), await parseJson(c, addToyBodySchema));
    return c.json({ msg: 'Image uploaded successfully', toy });
  });
  app.put('/updatetoy/:id', async (c) => {
    const toy = await updateToy(deps, c.get('user'), c.req.param('id'), await parseJson(c, updateToyBodySchema));
    return c.json({ msg: 'Toy updated.', toy });
  });
  app.delete('/deletetoy/:id', async (c) => {
    await deleteToy(deps, c.get('user').id, c.req.param('id'));
    return c.json({ msg: 'Toy deleted.' });
  });
  app.put('/updateExcludedToy/:id', async (c) => {
    const { excludedToy } = await parseJson(c, updateExcludedBodySchema);
    return c.json(await setToyFlag(deps, c.get('user').id, c.req.param('id'), 'excluded', excludedToy));
  });
  app.put('/updateFavoriteToyProporty/:id', async (c) => {
    const { favoriteToy } = await parseJson(c, updateFavoriteBodySchema);
    return c.json(await setToyFlag(deps, c.get('user').id, c.req.param('id'), 'favorite', favoriteToy));
  });

  // Rotation
  app.get('/getuserrandomtoys', async (c) => c.json(await currentRotationToys(deps, c.get('user').id)));
  app.get('/pickRandomToys', async (c) => c.json({ msg: (await rotateToys(deps, c.get('user').id)).msg }));
  app.get('/getLastRotationDate', async (c) => c.json(await getLastRotationDate(deps, c.get('user').id)));
  app.get('/updateLastRotationDate', async (c) => c.json(await touchLastRotationDate(deps, c.get('user').id)));
  app.put('/updateToyRotationNumber', async (c) => {
    const { rotationToysNumber } = await parseJson(c, updateRotationNumberBodySchema);
    return c.json({ msg: await updateRotationNumber(deps, c.get('user').id, rotationToysNumber) });
  });

  // Settings, categories and collections
  app.get('/getsettings', async (c) => c.json(await getSettings(deps, c.get('user'))));
  app.get('/collectionsForCurrentPlan', async (c) => c.json(await collectionsForPlan(deps, c.get('user'))));
  app.put('/updateSettings', async (c) => {
    const body = await parseJson(c, updateSettingsBodySchema);
    if ('toyTypes' in body) await replaceCategories(deps, c.get('user').id, body.toyTypes);
    else await replaceCollections(deps, c.get('user'), body.toysBaskets);
    return c.json(await getSettings(deps, c.get('user')));
  });
  app.put('/deleteType', async (c) => {
    const { typeToDelete } = await parseJson(c, deleteTypeBodySchema);
    await deleteCategory(deps, c.get('user').id, typeToDelete);
    return c.json(await getSettings(deps, c.get('user')));
  });
  app.put('/updateTypeName', async (c) => {
    await renameCategory(deps, c.get('user').id, await parseJson(c, updateTypeNameBodySchema));
    return c.json(await getSettings(deps, c.get('user')));
  });
  app.put('/deleteBasket', async (c) => {
    const { basketToDelete } = await parseJson(c, deleteBasketBodySchema);
    await deleteCollection(deps, c.get('user').id, basketToDelete);
    return c.json(await getSettings(deps, c.get('user')));
  });
  app.put('/updateBasketName', async (c) => {
    const { toysBaskets } = await parseJson(c, updateBasketNameBodySchema);
    await renameCollections(deps, c.get('user').id, toysBaskets);
    return c.json(await getSettings(deps, c.get('user')));
  });
  app.put('/updateBasket', async (c) => {
    return c.json(await updateToysCollection(deps, c.get('user').id, await parseJson(c, updateBasketBodySchema)));
  });

  // Account
  app.post('/deleteUser', async (c) => {
    await deleteUser(deps, c.get('user').id);
    return c.json({ msg: ACCOUNT_DELETED_MESSAGE });
  });

  return app;
}
