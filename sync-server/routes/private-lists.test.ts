import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Plan, FREE_COLLECTIONS_MESSAGE, PAID_COLLECTIONS_MESSAGE } from '../../shared/domain/plans.js';
import { restSettingsSchema } from '../../shared/schemas/rest.js';
import { apiClient, insertToys, rawRows } from '../test-support/toys.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { seedUser } from '../test-support/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function newUser(plan: Plan = 'free') {
  const user = await seedUser(t.deps, { plan });
  return { ...user, api: apiClient(t, user.token) };
}

const settingsOf = async (api: ReturnType<typeof apiClient>) => restSettingsSchema.parse((await api.get('getsettings')).body[0]);

describe('getsettings', () => {
  it("answers a list of one with a new user's defaults, and the plan's toy limit", async () => {
    const { api, userId } = await newUser();
    const res = await api.get('getsettings');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        toysLimit: 100,
        rotationToysNumber: 8,
        toyTypes: ['Uncategorized'],
        toysBaskets: [],
        id: userId,
        // Issue 14: the spec's behaviour by default (random picks, no schedule).
        rotationMode: 'random',
        rotationIntervalDays: null,
        nextRotationDue: null,
        reminderEmail: false,
        timeZone: null,
      },
    ]);
    expect((await settingsOf((await newUser('paid')).api)).toysLimit).toBe(500);
  });
});

describe('categories (toyTypes)', () => {
  it('updateSettings replaces the list: trims, ignores blanks and duplicates, keeps Uncategorized first', async () => {
    const { api, userId } = await newUser();
    for (const path of ['updateSettings', 'updateSettings/']) {
      const res = await api.put(path, { toyTypes: ['Blocks', ' Cars ', '', 'blocks', 'Uncategorized', 'Dolls'] });
      expect(res.status).toBe(200);
      expect(res.body[0].toyTypes).toEqual(['Uncategorized', 'Blocks', 'Cars', 'Dolls']);
    }
    // Same ids when names stay: rows are not recreated.
    const live = (await rawRows(t.deps, 'lists', userId)).filter((row) => row.deleted === 0);
    expect(live).toHaveLength(4);
  });

  it('removing a category moves its toys to Uncategorized, softly', async () => {
    const { api, userId } = await newUser();
    await api.put('updateSettings', { toyTypes: ['Uncategorized', 'Blocks', 'Cars'] });
    const blocks = (await rawRows(t.deps, 'lists', userId)).find((row) => row.name === 'Blocks')!;
    await insertToys(t.deps, userId, 2, { category_id: blocks.id });
    const res = await api.put('updateSettings', { toyTypes: ['Uncategorized', 'Cars'] });
    expect(res.body[0].toyTypes).toEqual(['Uncategorized', 'Cars']);
    expect((await api.get('getusertoys')).body.map((toy: { type: string }) => toy.type)).toEqual(['Uncategorized', 'Uncategorized']);
    const row = (await rawRows(t.deps, 'lists', userId)).find((r) => r.id === blocks.id)!;
    expect(row.deleted).toBe(1);
    expect(Number(row.seq)).toBeGreaterThan(Number(blocks.seq));
  });

  it('deleteType moves toys to Uncategorized; Uncategorized and unknown names are refused', async () => {
    const { api, userId } = await newUser();
    await api.put('updateSettings', { toyTypes: ['Uncategorized', 'Blocks'] });
    const blocks = (await rawRows(t.deps, 'lists', userId)).find((row) => row.name === 'Blocks')!;
    await insertToys(t.deps, userId, 1, { category_id: blocks.id });
    expect((await api.get('getusertoys')).body[0].type).toBe('Blocks');
    const res = await api.put('deleteType/', { typeToDelete: 'Blocks' });
    expect(res.status).toBe(200);
    expect(res.body[0].toyTypes).toEqual(['Uncategorized']);
    expect((await api.get('getusertoys')).body[0].type).toBe('Uncategorized');
    expect((await api.put('deleteType', { typeToDelete: 'Uncategorized' })).status).toBe(400);
    expect((await api.put('deleteType', { typeToDelete: 'Blocks' })).status).toBe(404);
    expect((await api.put('deleteType', {})).status).toBe(400);
  });

  it('updateTypeName renames one row (toys follow by id); refuses Uncategorized, duplicates, stale views', async () => {
    const { api, userId } = await newUser();
    await api.put('updateSettings', { toyTypes: ['Uncategorized', 'Blocks', 'Cars'] });
    const blocks = (await rawRows(t.deps, 'lists', userId)).find((row) => row.name === 'Blocks')!;
    const [toy] = await insertToys(t.deps, userId, 1, { category_id: blocks.id });
    const toyBefore = (await rawRows(t.deps, 'toys', userId))[0]!;

    const res = await api.put('updateTypeName', { newTypeName: 'Lego', index: 1, toyTypes: ['Uncategorized', 'Blocks', 'Cars'] });
    expect(res.status).toBe(200);
    expect(res.body[0].toyTypes).toEqual(['Uncategorized', 'Lego', 'Cars']);
    expect((await api.get('getusertoys')).body[0]).toMatchObject({ _id: toy, type: 'Lego' });
    expect((await rawRows(t.deps, 'toys', userId))[0]).toEqual(toyBefore); // one row change, not every toy

    // The client's view after its own rename is accepted too.
    expect((await api.put('updateTypeName/', { newTypeName: 'Duplo', index: 1, toyTypes: ['Uncategorized', 'Duplo', 'Cars'] })).status).toBe(200);
    const refusals = [
      [{ newTypeName: 'Stuff', index: 0, toyTypes: ['Uncategorized', 'Duplo', 'Cars'] }, 400, /cannot be renamed/],
      [{ newTypeName: 'cars', index: 1, toyTypes: ['Uncategorized', 'Duplo', 'Cars'] }, 400, /already a category/],
      [{ newTypeName: 'uncategorized', index: 1 }, 400, /already a category/],
      [{ newTypeName: '  ', index: 1 }, 400, /type a name/],
      [{ newTypeName: 'Trains', index: 7 }, 404, /not found/],
      [{ newTypeName: 'Trains', index: 2, toyTypes: ['Uncategorized', 'Duplo', 'Bikes'] }, 409, /another device/],
    ] as const;
    for (const [body, status, message] of refusals) {
      const refused = await api.put('updateTypeName', body);
      expect(refused.status, JSON.stringify(body)).toBe(status);
      expect(refused.body.error).toMatch(message);
    }
    expect((await settingsOf(api)).toyTypes).toEqual(['Uncategorized', 'Duplo', 'Cars']);
  });
});

describe('collections (toysBaskets)', () => {
  it('a free user may have 3; the 4th is refused and nothing changes', async () => {
    const { api } = await newUser();
    expect((await api.put('updateSettings', { toysBaskets: ['Shelf', 'Box', 'Bag'] })).status).toBe(200);
    const refused = await api.put('updateSettings', { toysBaskets: ['Shelf', 'Box', 'Bag', 'Car'] });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: FREE_COLLECTIONS_MESSAGE });
    expect((await settingsOf(api)).toysBaskets).toEqual(['Shelf', 'Box', 'Bag']);
    // Reordering and swapping a name within the limit still works.
    expect((await api.put('updateSettings/', { toysBaskets: ['Bag', 'Shelf', 'Car'] })).body[0].toysBaskets).toEqual(['Bag', 'Shelf', 'Car']);
    expect((await api.get('collectionsForCurrentPlan')).body).toEqual(['Bag', 'Shelf', 'Car']);
  });

  it('a paid user may have 50, not 51', async () => {
    const { api } = await newUser('paid');
    const fifty = Array.from({ length: 50 }, (_, i) => `Basket ${i + 1}`);
    expect((await api.put('updateSettings', { toysBaskets: fifty })).status).toBe(200);
    const refused = await api.put('updateSettings', { toysBaskets: [...fifty, 'One more'] });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(PAID_COLLECTIONS_MESSAGE);
    expect((await settingsOf(api)).toysBaskets).toHaveLength(50);
  });

  it('collectionsForCurrentPlan lists only what the plan allows (a user who left Premium)', async () => {
    const { api, userId } = await newUser('paid');
    await api.put('updateSettings', { toysBaskets: ['A', 'B', 'C', 'D', 'E'] });
    await t.db.updateTable('users').set({ plan: 'free' }).where('id', '=', userId).execute();
    expect((await api.get('collectionsForCurrentPlan')).body).toEqual(['A', 'B', 'C']);
    // Over the limit, removing is still allowed; adding is not.
    expect((await api.put('updateSettings', { toysBaskets: ['A', 'B', 'C', 'D'] })).status).toBe(200);
    expect((await api.put('updateSettings', { toysBaskets: ['A', 'B', 'C', 'X'] })).status).toBe(403);
  });

  it('updateBasket adds toys to a collection and removes them with remove: true', async () => {
    const { api, userId } = await newUser();
    await api.put('updateSettings', { toysBaskets: ['Shelf', 'Box'] });
    const [a, b] = await insertToys(t.deps, userId, 2);
    const added = await api.put('updateBasket/', { ids: [a, b], basket: 'Shelf' });
    expect(added.status).toBe(200);
    expect(added.body.msg).toBe('2 toys added to Shelf.');
    await api.put('updateBasket', { ids: [a], basket: 'Box' });
    await api.put('updateBasket', { ids: [a], basket: 'Shelf' }); // again: no duplicate
    const byId = async () => new Map((await api.get('getusertoys')).body.map((toy: { _id: string; basket: string[] }) => [toy._id, toy.basket]));
    expect((await byId()).get(a)).toEqual(['Shelf', 'Box']);
    expect((await byId()).get(b)).toEqual(['Shelf']);
    const removed = await api.put('updateBasket', { ids: [a], basket: 'Shelf', remove: true });
    expect(removed.body.msg).toBe('1 toy removed from Shelf.');
    expect((await byId()).get(a)).toEqual(['Box']);

    expect((await api.put('updateBasket', { ids: [], basket: 'Shelf' })).status).toBe(400);
    expect((await api.put('updateBasket', { ids: [a], basket: 'Nowhere' })).status).toBe(404);
    expect((await api.put('updateBasket', { ids: [a, 'no-such-toy'], basket: 'Shelf' })).status).toBe(404);
    expect((await byId()).get(a)).toEqual(['Box']);
  });

  it('deleteBasket removes the collection from every toy, softly', async () => {
    const { api, userId } = await newUser();
    await api.put('updateSettings', { toysBaskets: ['Shelf', 'Box'] });
    const [a] = await insertToys(t.deps, userId, 1);
    await api.put('updateBasket', { ids: [a], basket: 'Shelf' });
    await api.put('updateBasket', { ids: [a], basket: 'Box' });
    const res = await api.put('deleteBasket', { basketToDelete: 'Shelf', newToysBaskets: ['Box'] });
    expect(res.status).toBe(200);
    expect(res.body[0].toysBaskets).toEqual(['Box']);
    expect((await api.get('getusertoys')).body[0].basket).toEqual(['Box']);
    const shelf = (await rawRows(t.deps, 'lists', userId)).find((row) => row.name === 'Shelf')!;
    expect(shelf.deleted).toBe(1);
    const toy = (await rawRows(t.deps, 'toys', userId))[0]!;
    expect(JSON.parse(toy.collection_ids)).toEqual([(await rawRows(t.deps, 'lists', userId)).find((r) => r.name === 'Box')!.id]);
    expect((await api.put('deleteBasket/', { basketToDelete: 'Shelf' })).status).toBe(404);
  });

  it('updateBasketName renames in place (same ids); refuses other lengths, blanks and duplicates', async () => {
    const { api, userId } = await newUser();
    await api.put('updateSettings', { toysBaskets: ['Shelf', 'Box'] });
    const [a] = await insertToys(t.deps, userId, 1);
    await api.put('updateBasket', { ids: [a], basket: 'Box' });
    const ids = (await rawRows(t.deps, 'lists', userId)).filter((r) => r.kind === 'collection').map((r) => r.id).sort();
    const res = await api.put('updateBasketName/', { toysBaskets: ['Shelf', 'Toy box'] });
    expect(res.status).toBe(200);
    expect(res.body[0].toysBaskets).toEqual(['Shelf', 'Toy box']);
    expect((await api.get('getusertoys')).body[0].basket).toEqual(['Toy box']);
    expect((await rawRows(t.deps, 'lists', userId)).filter((r) => r.kind === 'collection').map((r) => r.id).sort()).toEqual(ids);

    expect((await api.put('updateBasketName', { toysBaskets: ['Shelf'] })).status).toBe(409);
    expect((await api.put('updateBasketName', { toysBaskets: ['Shelf', ' '] })).status).toBe(400);
    expect((await api.put('updateBasketName', { toysBaskets: ['Shelf', 'shelf'] })).status).toBe(400);
    expect((await settingsOf(api)).toysBaskets).toEqual(['Shelf', 'Toy box']);
  });

  it('refuses a body with neither toyTypes nor toysBaskets', async () => {
    const { api } = await newUser();
    const res = await api.put('updateSettings', { something: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
  });

  it("never shows another user's lists", async () => {
    const a = await newUser();
    const b = await newUser();
    await a.api.put('updateSettings', { toysBaskets: ['Secret'] });
    await a.api.put('updateSettings', { toyTypes: ['Hidden'] });
    expect(await settingsOf(b.api)).toMatchObject({ toyTypes: ['Uncategorized'], toysBaskets: [] });
    expect((await b.api.put('deleteBasket', { basketToDelete: 'Secret' })).status).toBe(404);
    expect((await b.api.put('deleteType', { typeToDelete: 'Hidden' })).status).toBe(404);
    expect(await settingsOf(a.api)).toMatchObject({ toyTypes: ['Uncategorized', 'Hidden'], toysBaskets: ['Secret'] });
  });
});
