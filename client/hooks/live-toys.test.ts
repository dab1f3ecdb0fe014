import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { dexieStorage, enableDevMode } from '../test-support/sync-harness.js';
import { closeUserDatabase, openUserDatabase, removeUserDatabase, type ToyDatabase } from '../db/database.js';
import { addToy, deleteToy, retireToy, setFavorite, setToyLocation, updateToy } from '../db/ops/index.js';
import { LiveToys } from './live-toys.js';

// The inventory renders from LiveToys: after any change it must hold what the database holds,
// and a change to one toy must leave every other toy's object as it was (memoized cards skip
// them) and the derived lists and counts right.

enableDevMode();

let db: ToyDatabase;
let live: LiveToys;
let n = 0;
const userId = 'user-live-toys';
beforeEach(async () => {
  db = await openUserDatabase(userId, { storage: dexieStorage(), multiInstance: false, name: `live-toys-${++n}` });
  await db.lists.insert({ id: 'uncategorized', kind: 'category', name: 'Uncategorized', position: 0, createdAt: 0 });
});
afterEach(async () => {
  live?.close();
  await closeUserDatabase(db);
  await removeUserDatabase(userId, { storage: dexieStorage(), name: `live-toys-${n}` });
});

const inDatabase = async () => new Map((await db.toys.find().exec()).map((doc) => [doc.id, doc.toJSON()]));
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('LiveToys', () => {
  it('holds what the database holds through adds, edits, retirements and deletes, and counts the active toys', async () => {
    const first = await addToy(db, { title: 'Blocks' }, 1000);
    live = new LiveToys(db);
    const opening = live.open();
    const second = await addToy(db, { title: 'Train' }, 2000); // while the first read may run
    await opening;
    const third = await addToy(db, { title: 'Kite' }, 3000);
    await setFavorite(db, first.id, true);
    await retireToy(db, second.id, 'outgrown');
    await deleteToy(db, third.id);
    await settle();
    expect(new Map([...live.all()].map((toy) => [toy.id, toy]))).toEqual(await inDatabase());
    expect(live.activeCount).toBe(1);
    expect(live.get(first.id)?.favorite).toBe(true);
    expect(live.get(third.id)).toBeUndefined();
  });

  it('keeps a shown list in order and replaces only the changed toy', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await addToy(db, { title: `Toy ${i}` }, 1000 + i)).id);
    live = new LiveToys(db);
    await live.open();
    const newestFirst = (a: { createdAt: number }, b: { createdAt: number }) => b.createdAt - a.createdAt;
    const keptOnly = (toy: { favorite: boolean }) => toy.favorite;
    const shelf = live.shelfFor(() => true, newestFirst);
    const others = shelf.slice(0, shelf.count).filter((toy) => toy.id !== ids[5]);
    const kept = live.shelfFor(keptOnly, newestFirst);
    expect(kept.count).toBe(0);

    await updateToy(db, ids[5]!, { title: 'Renamed' });
    await setFavorite(db, ids[7]!, true);
    await settle();
    expect(live.shelfFor(keptOnly, newestFirst)).toBe(kept); // the same list, kept up to date
    expect(kept.slice(0, kept.count).map((toy) => toy.id)).toEqual([ids[7]]);
    const all = live.shelfFor(() => true, newestFirst);
    expect(all.slice(0, all.count).map((toy) => toy.title)).toEqual(Array.from({ length: 20 }, (_, i) => (19 - i === 5 ? 'Renamed' : `Toy ${19 - i}`)));
    // Untouched toys are the very same objects.
    const after = new Map(all.slice(0, all.count).map((toy) => [toy.id, toy]));
    expect(others.filter((toy) => toy.id !== ids[7]).every((toy) => after.get(toy.id) === toy)).toBe(true);
  });

  it('gives the same list of places until a place changes', async () => {
    const { id } = await addToy(db, { title: 'Blocks' });
    live = new LiveToys(db);
    await live.open();
    const before = live.withPlaces();
    await setFavorite(db, id, true);
    await settle();
    expect(live.withPlaces()).toBe(before);
    await setToyLocation(db, id, 'Attic');
    await settle();
    expect(live.withPlaces().map((toy) => toy.location)).toEqual(['Attic']);
  });

  it('tells its listeners once per frame after a burst of changes', async () => {
    const toys = await Promise.all(Array.from({ length: 10 }, (_, i) => addToy(db, { title: `Toy ${i}` })));
    live = new LiveToys(db);
    await live.open();
    let told = 0;
    live.subscribe(() => told++);
    const version = live.version();
    await Promise.all(toys.map((toy) => setFavorite(db, toy.id, true)));
    await settle();
    expect(told).toBeGreaterThanOrEqual(1);
    expect(told).toBeLessThanOrEqual(3);
    expect(live.version()).toBe(version + told);
  });
});
