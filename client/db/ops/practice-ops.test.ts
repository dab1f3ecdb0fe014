import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { dexieStorage, enableDevMode } from '../../test-support/sync-harness.js';
import { TOYS_LIMIT_MESSAGE } from '../../../shared/domain/plans.js';
import { closeUserDatabase, openUserDatabase, removeUserDatabase, type ToyDatabase } from '../database.js';
import {
  addChild,
  addToy,
  currentRotation,
  getSettings,
  maxRotationCount,
  observe,
  patchChild,
  removeChild,
  retireToy,
  rotate,
  setFavorite,
  setReminderEmail,
  setRotationCount,
  setRotationInterval,
  setRotationMode,
  setTimeZone,
  setToyChildren,
  setToyLocation,
  storagePlaces,
  unretireToy,
} from './index.js';

enableDevMode();

let db: ToyDatabase;
let n = 0;
const userId = 'user-practice';
beforeEach(async () => {
  db = await openUserDatabase(userId, { storage: dexieStorage(), multiInstance: false, name: `practice-${++n}` });
  await db.lists.insert({ id: 'uncategorized', kind: 'category', name: 'Uncategorized', position: 0, createdAt: 0 });
});
afterEach(async () => {
  await closeUserDatabase(db);
  await removeUserDatabase(userId, { storage: dexieStorage(), name: `practice-${n}` });
});

const toy = async (id: string) => (await db.toys.findOne(id).exec())!.toMutableJSON();

describe('children on the device', () => {
  it('one child by default: rotate and the rotation count act on the settings fields, as the spec says', async () => {
    for (let i = 0; i < 4; i++) await addToy(db, { title: `Toy ${i}` });
    await setRotationCount(db, 2);
    const { rotation } = await rotate(db, { now: 5_000 });
    expect(rotation).toMatchObject({ childId: 'first-child', observations: {} });
    expect(rotation.toyIds).toHaveLength(2);
    expect(await getSettings(db)).toMatchObject({ rotationToysNumber: 2, lastRotationDate: 5_000, children: {} });
    expect((await currentRotation(db))?.id).toBe(rotation.id);
  });

  it('a second child has its own count, toys, rotations and schedule', async () => {
    const shared = await addToy(db, { title: 'Shared' });
    const mine = await addToy(db, { title: 'For the first' });
    const theirs = await addToy(db, { title: 'For Max' });
    const kid = await addChild(db, { name: ' Max ', birthYear: 2024, rotationToysNumber: 5 }, Date.UTC(2026, 5, 1));
    await setToyChildren(db, mine.id, ['first-child']);
    await setToyChildren(db, theirs.id, [kid]);
    expect(await maxRotationCount(db, kid)).toBe(2);
    await expect(setRotationCount(db, 3, kid)).rejects.toThrow('from 0 to 2');
    await setRotationCount(db, 2, kid);
    await setRotationInterval(db, 7, kid);
    const { rotation } = await rotate(db, { childId: kid, now: 9_000 });
    expect(rotation.childId).toBe(kid);
    expect([...rotation.toyIds].sort()).toEqual([shared.id, theirs.id].sort());
    const settings = await getSettings(db);
    expect(settings.children[kid]).toMatchObject({ name: 'Max', rotationToysNumber: 2, rotationIntervalDays: 7, lastRotationDate: 9_000 });
    expect(settings.lastRotationDate).toBeNull(); // the first child's did not move
    expect(await currentRotation(db)).toBeNull();
    expect((await currentRotation(db, kid))?.id).toBe(rotation.id);
    await expect(patchChild(db, kid, { rotationIntervalDays: 31 })).rejects.toThrow('The rotation interval is 1 to 30 days');
    // A birth year after this year is refused, for any child, and changes nothing.
    const nextYear = new Date().getUTCFullYear() + 1;
    await expect(addChild(db, { name: 'Zoe', birthYear: nextYear })).rejects.toThrow('The birth year cannot be in the future');
    await expect(patchChild(db, kid, { birthYear: nextYear })).rejects.toThrow('The birth year cannot be in the future');
    await expect(patchChild(db, 'first-child', { birthYear: nextYear })).rejects.toThrow('The birth year cannot be in the future');
    expect((await getSettings(db)).children[kid]?.birthYear).toBe(2024);
    expect(Object.keys((await getSettings(db)).children)).toEqual([kid]);
    await expect(removeChild(db, 'first-child')).rejects.toThrow('cannot be removed');
    await removeChild(db, kid);
    expect((await getSettings(db)).children).toEqual({});
    await expect(rotate(db, { childId: kid })).rejects.toThrow('That child was not found.');
  });

  it('names and schedules the first child, and sets household options', async () => {
    await patchChild(db, 'first-child', { name: 'Ada', birthMonth: 3, birthYear: 2023 });
    await setRotationInterval(db, 10);
    await setRotationMode(db, 'balanced');
    await setReminderEmail(db, true);
    await setTimeZone(db, 'Europe/Paris');
    expect(await getSettings(db)).toMatchObject({
      firstChildName: 'Ada',
      firstChildBirthMonth: 3,
      firstChildBirthYear: 2023,
      rotationIntervalDays: 10,
      rotationMode: 'balanced',
      reminderEmail: true,
      timeZone: 'Europe/Paris',
    });
  });

  it('balanced mode on the device does not repeat last rotation while others wait', async () => {
    for (let i = 0; i < 6; i++) await addToy(db, { title: `Toy ${i}` }, i);
    await setRotationCount(db, 3);
    await setRotationMode(db, 'balanced');
    const first = await rotate(db, { now: 1 });
    const second = await rotate(db, { now: 2 });
    expect(second.rotation.toyIds.filter((id) => first.rotation.toyIds.includes(id))).toEqual([]);
  });
});

describe('observations, retiring, storage places', () => {
  it('notes how each toy went, only for toys out in that rotation', async () => {
    const a = await addToy(db, { title: 'A' });
    const b = await addToy(db, { title: 'B' });
    await setRotationCount(db, 1);
    await setFavorite(db, a.id, true);
    const { rotation } = await rotate(db);
    await observe(db, rotation.id, a.id, 'lot');
    expect((await currentRotation(db))?.observations).toEqual({ [a.id]: 'lot' });
    await observe(db, rotation.id, a.id, null);
    expect((await currentRotation(db))?.observations).toEqual({});
    const outsider = rotation.toyIds.includes(b.id) ? null : b.id;
    if (outsider) await expect(observe(db, rotation.id, outsider, 'none')).rejects.toThrow('not out in this rotation');
    await expect(observe(db, 'nope', a.id, 'none')).rejects.toThrow('rotation was not found');
  });

  it("notes only the child's latest rotation, until the next one; another child's latest stays open", async () => {
    const a = await addToy(db, { title: 'A' });
    await setFavorite(db, a.id, true);
    await setRotationCount(db, 0);
    const mia = await addChild(db, { name: 'Mia' });
    const first = await rotate(db, { now: 1 });
    const miaRotation = await rotate(db, { now: 2, childId: mia });
    await observe(db, first.rotation.id, a.id, 'none');
    const second = await rotate(db, { now: 3 });
    await expect(observe(db, first.rotation.id, a.id, 'lot')).rejects.toThrow('Only the latest rotation can be noted: a newer rotation was made since.');
    expect((await db.rotations.findOne(first.rotation.id).exec())?.observations).toEqual({ [a.id]: 'none' });
    await observe(db, miaRotation.rotation.id, a.id, 'little'); // Mia's latest, older than the first child's
    await observe(db, second.rotation.id, a.id, 'lot');
    expect((await currentRotation(db, mia))?.observations).toEqual({ [a.id]: 'little' });
    expect((await currentRotation(db))?.observations).toEqual({ [a.id]: 'lot' });
  });

  it('retired toys leave rotation and free room under the plan limit; bringing one back checks the limit', async () => {
    const a = await addToy(db, { title: 'A' });
    const b = await addToy(db, { title: 'B' });
    await db.settings.insert({ ...(await getSettings(db)), toysLimit: 2 });
    await expect(addToy(db, { title: 'C' })).rejects.toThrow(TOYS_LIMIT_MESSAGE);
    await retireToy(db, a.id, 'outgrown', '  to cousin Sam ', 77);
    expect(await toy(a.id)).toMatchObject({ retired: true, retiredReason: 'outgrown', retiredNote: 'to cousin Sam', retiredAt: 77 });
    await addToy(db, { title: 'C' });
    await expect(unretireToy(db, a.id)).rejects.toThrow(TOYS_LIMIT_MESSAGE);
    await setRotationCount(db, 2);
    const { rotation } = await rotate(db);
    expect(rotation.toyIds).not.toContain(a.id);
    expect(rotation.toyIds).toContain(b.id);
  });

  it('stores storage places and suggests the ones already used', async () => {
    const a = await addToy(db, { title: 'A' });
    const b = await addToy(db, { title: 'B' });
    const c = await addToy(db, { title: 'C' });
    await setToyLocation(db, a.id, ' Bin 3, hall closet ');
    await setToyLocation(db, b.id, 'Bin 3, hall closet');
    await setToyLocation(db, c.id, 'Attic');
    expect(await storagePlaces(db)).toEqual(['Bin 3, hall closet', 'Attic']);
    await setToyLocation(db, c.id, '  ');
    expect((await toy(c.id)).location).toBeNull();
    await expect(setToyLocation(db, a.id, 'x'.repeat(201))).rejects.toThrow('The storage place is 200 characters at most');
  });
});
