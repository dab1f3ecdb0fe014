import { describe, expect, it } from 'vitest';
import { converge, devicePair, enableDevMode, syncTestBed } from '../test-support/sync-harness.js';
import { addToys, finishStarterCategories, getSettings } from '../db/ops/index.js';

enableDevMode();
const bed = syncTestBed();

describe('many toys and the starter categories through sync', () => {
  it('a skipped starter offer is done on the other device too, and stays done', async () => {
    const { a, b } = await devicePair(bed);
    expect((await getSettings(b.db)).starterCategoriesDone).toBe(false); // the server's value for a new household
    await finishStarterCategories(a.db, []);
    await converge(a, b);
    expect((await getSettings(b.db)).starterCategoriesDone).toBe(true);
  });

  it('taken starter categories and a batch of toys added offline reach the other device', async () => {
    const { a, b } = await devicePair(bed);
    await a.offline();
    const [building] = await finishStarterCategories(a.db, ['Building', 'Books']);
    await addToys(a.db, [{ title: 'Blocks', categoryId: building!.id }, { title: 'Train' }, { title: 'Bricks', categoryId: building!.id }]);
    await converge(a, b);
    const titles = (await b.db.toys.find().exec()).map((toy) => `${toy.title}:${toy.categoryId}`).sort();
    expect(titles).toEqual([`Blocks:${building!.id}`, `Bricks:${building!.id}`, 'Train:uncategorized']);
    expect((await b.db.lists.find().exec()).map((list) => list.name).sort()).toEqual(['Books', 'Building', 'Uncategorized']);
    expect((await getSettings(b.db)).starterCategoriesDone).toBe(true);
  });
});
