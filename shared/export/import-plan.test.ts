import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { CHILDREN_MAX, FIRST_CHILD_ID, UNCATEGORIZED_ID, type Child, type SettingsDoc } from '../schemas/docs.js';
import { planImport, problemRowCount, skippingProblemRows } from './import-plan.js';
import { sourceFromCsv, sourceFromExport } from './import-source.js';
import { inEnglish } from './import-words.js';
import { exportZip, list, newId, settings, target, toy } from './test-fixtures.js';
import { readZip } from './zip.js';

// Planning an import against an account (decision 020): lists, toys, history, plan limits,
// settings and children, photos an export made offline lacks.

describe('planning an import', () => {
  it('adds everything into an empty account, keeping ids and history', () => {
    const files = exportZip(
      {
        toys: [toy({ id: 't1', categoryId: 'cat-1', collectionIds: ['col-1'] }), toy({ id: 't2', title: 'Car' })],
        lists: [list({ id: 'cat-1', kind: 'category', name: 'Blocks' }), list({ id: 'col-1', kind: 'collection', name: 'Bedroom' })],
        rotations: [{ id: 'r2', createdAt: 2, toyIds: ['t2'], serverOrder: 9 }, { id: 'r1', createdAt: 1, toyIds: ['t1', 'gone'], serverOrder: 3 }],
        settings: [{ ...settings, rotationToysNumber: 7, lastRotationDate: 2 }],
      },
    );
    const plan = planImport(sourceFromExport(files), new Map(), target(), newId);
    expect(plan.problems).toEqual([]);
    expect(plan.counts).toMatchObject({ toysAdded: 2, toysUpdated: 0, categoriesAdded: 1, collectionsAdded: 1, rotationsAdded: 2 });
    expect(plan.toys.map((t) => t.doc.id)).toEqual(['t1', 't2']);
    expect(plan.toys[0]?.doc).toMatchObject({ categoryId: 'cat-1', collectionIds: ['col-1'] });
    expect(plan.rotations.map((r) => [r.id, r.toyIds])).toEqual([['r1', ['t1']], ['r2', ['t2']]]);
    expect(plan.settings).toMatchObject({ rotationToysNumber: 7, tipsDismissed: false, lastRotationDate: 2 });
    expect(plan.settingsChanges.map(inEnglish)).toEqual(['Toys out at a time for Your child: 5 → 7']);
  });

  it("moves a rotation's observations with its toys to their new ids, and drops those of toys left out", () => {
    const files = exportZip({
      toys: [toy({ id: 't1' }), toy({ id: 't2', title: 'Car' })],
      rotations: [{ id: 'r1', createdAt: 1, toyIds: ['t1', 't2', 'gone'], serverOrder: 1, observations: { t1: 'lot', t2: 'none', gone: 'little' } }],
    });
    // t1 was used before (a deleted toy of this account), so it comes in under a new id.
    const plan = planImport(sourceFromExport(files), new Map(), target({ takenIds: { ...target().takenIds, toys: new Set(['t1']) } }), newId);
    expect(plan.problems).toEqual([]);
    const id = plan.toys[0]?.doc.id as string;
    expect(id).not.toBe('t1');
    expect(plan.rotations.map((r) => [r.toyIds, r.observations])).toEqual([[[id, 't2'], { [id]: 'lot', t2: 'none' }]]);
  });

  it('keeps the order of categories and collections', () => {
    const files = exportZip({
      lists: [
        list({ id: 'a-col', kind: 'collection', name: 'Zoo', position: 2 }),
        list({ id: 'b-col', kind: 'collection', name: 'Attic', position: 1 }),
        list({ id: 'c-cat', kind: 'category', name: 'Music', position: 3, createdAt: 42 }),
      ],
    });
    const plan = planImport(sourceFromExport(files), new Map(), target(), newId);
    expect(plan.lists.map((l) => [l.name, l.position, l.createdAt])).toEqual([['Attic', 1, 1], ['Zoo', 2, 1], ['Music', 3, 42]]);
  });

  it('merges lists by name and never duplicates a toy (same id, or same title and photo)', () => {
    const photo = 'b'.repeat(64);
    const files = exportZip(
      {
        toys: [toy({ id: 't1', title: 'Ball renamed', categoryId: 'cat-x' }), toy({ id: 'other-id', title: 'car ', mediaId: photo })],
        lists: [list({ id: 'cat-x', kind: 'category', name: 'blocks' })],
      },
      { [`photos/${photo}.jpg`]: new Uint8Array([0xff, 0xd8, 0xff]) },
    );
    const existing = target({
      lists: [list({ id: UNCATEGORIZED_ID, kind: 'category', name: 'Uncategorized' }), list({ id: 'cat-mine', kind: 'category', name: 'Blocks' })],
      toys: [toy({ id: 't1' }), toy({ id: 't9', title: 'Car', mediaId: photo })],
    });
    const plan = planImport(sourceFromExport(files), new Map([[`photos/${photo}.jpg`, photo]]), existing, newId);
    expect(plan.counts).toMatchObject({ toysAdded: 0, toysUpdated: 1, toysAlreadyThere: 1, categoriesAdded: 0, categoriesMerged: 1 });
    expect(plan.toys).toEqual([{ doc: toy({ id: 't1', title: 'Ball renamed', categoryId: 'cat-mine' }), isNew: false }]);
    expect(plan.lists).toEqual([]);
  });

  it('refuses past the plan limits with a clear message', () => {
    const csv = strToU8('Title,Collections\n' + Array.from({ length: 3 }, (_, i) => `Toy ${i},Room ${i}`).join('\n'));
    const mine = target({
      toys: Array.from({ length: 99 }, (_, i) => toy({ id: `e${i}`, title: `E${i}` })),
      lists: [...target().lists, list({ id: 'col-mine', kind: 'collection', name: 'Attic' })],
    });
    const plan = planImport(sourceFromCsv(csv, null, 0), new Map(), mine, newId);
    expect(plan.problems.map((p) => p.reason)).toEqual([
      'This import adds 3 toys; with the 99 you have (retired toys do not count), that is more than the 100 toys the Free plan allows. Remove some rows or upgrade, then import again.',
      'This import adds 3 collections; with the 1 you have, that is more than the 3 collections the Free plan allows. Remove some or upgrade, then import again.',
    ]);
  });

  it('counts only toys in use against the plan: 100 in use and 30 retired fit a free account', () => {
    const toys = Array.from({ length: 130 }, (_, i) => toy({ id: `t${i}`, title: `Toy ${i}`, retired: i >= 100, retiredAt: i >= 100 ? 1 : null, retiredReason: i >= 100 ? 'outgrown' : null }));
    expect(planImport(sourceFromExport(exportZip({ toys })), new Map(), target(), newId).problems).toEqual([]);
    // Retired toys already here do not count either; one more in use does.
    const here = target({ toys: Array.from({ length: 50 }, (_, i) => toy({ id: `old${i}`, title: `Old ${i}`, retired: true })) });
    expect(planImport(sourceFromExport(exportZip({ toys })), new Map(), here, newId).problems).toEqual([]);
    const more = planImport(sourceFromExport(exportZip({ toys: [...toys, toy({ id: 'one-more', title: 'One more' })] })), new Map(), here, newId);
    expect(more.problems.map((p) => p.reason)).toEqual([expect.stringMatching(/^This import adds 101 toys; with the 0 you have \(retired toys do not count\)/)]);
  });

  it('a CSV naming a photo that is not in the zip is a problem of that row', () => {
    const source = sourceFromCsv(strToU8('Title,Photo\nBall,ball.jpg\nCar,car.jpg'), new Map([['pics/ball.jpg', new Uint8Array([1])]]), 0);
    expect(source.photos.has('pics/ball.jpg')).toBe(true);
    expect(source.problems).toMatchObject([{ row: 3, where: 'row 3', reason: 'The photo "car.jpg" is not in the zip.' }]);
  });

  it('a zip with only a CSV says to pick the CSV', () => {
    expect(() => sourceFromExport(readZip(zipSync({ 'toys.csv': strToU8('Title') })))).toThrow(/pick the CSV file itself/);
  });
});

describe('importing settings and children', () => {
  const child = (name: string, over: Partial<Child> = {}): Child => ({
    name,
    birthMonth: null,
    birthYear: null,
    rotationToysNumber: 4,
    rotationIntervalDays: null,
    lastRotationDate: null,
    createdAt: 10,
    ...over,
  });
  const exported: SettingsDoc = {
    ...settings,
    rotationToysNumber: 6,
    lastRotationDate: 500,
    rotationMode: 'balanced',
    rotationIntervalDays: 7,
    firstChildName: 'Mia',
    firstChildBirthMonth: 3,
    firstChildBirthYear: 2022,
    reminderEmail: true,
    timeZone: 'Europe/Paris',
    children: { 'kid-leo': child('Leo', { birthYear: 2020, rotationIntervalDays: 14, lastRotationDate: 400 }), 'kid-sam': child('Sam', { createdAt: 20 }) },
  };

  it('brings the children, the first child and the rotation options into a fresh account, with their toys and history', () => {
    const files = exportZip({
      settings: [exported],
      toys: [toy({ id: 't1', childIds: ['kid-leo'] }), toy({ id: 't2', title: 'Car', childIds: ['kid-gone', FIRST_CHILD_ID] })],
      rotations: [{ id: 'r1', createdAt: 1, toyIds: ['t1'], serverOrder: 1, childId: 'kid-leo', observations: { t1: 'lot' } }],
    });
    const plan = planImport(sourceFromExport(files), new Map(), target(), newId);
    expect(plan.problems).toEqual([]);
    expect(plan.counts).toMatchObject({ childrenAdded: 2, childrenMerged: 0 });
    const { id: _id, plan: _plan, toysLimit: _t, collectionsLimit: _c, ...imported } = exported;
    expect(plan.settings).toEqual(imported);
    expect(plan.toys.map((t) => t.doc.childIds)).toEqual([['kid-leo'], [FIRST_CHILD_ID]]);
    expect(plan.rotations.map((r) => [r.childId, r.observations])).toEqual([['kid-leo', { t1: 'lot' }]]);
    expect(plan.settingsChanges.map(inEnglish)).toEqual([
      "First child's name: not set → Mia",
      "Mia's birth month: not set → 3/2022",
      'Toys out at a time for Mia: 5 → 6',
      'Rotation schedule for Mia: no schedule → every 7 days',
      'Picking: random → balanced',
      'Reminder email: off → on',
      'Time zone: not set → Europe/Paris',
      'Child added: Leo',
      'Child added: Sam',
    ]);
  });

  it('merges a child by id, else by name, and gives a new child a fresh id where this household used its id', () => {
    const files = exportZip({
      settings: [exported],
      toys: [toy({ id: 't1', childIds: ['kid-sam'] })],
      rotations: [{ id: 'r1', createdAt: 1, toyIds: ['t1'], serverOrder: 1, childId: 'kid-sam', observations: {} }],
    });
    const mine = target({
      settings: { ...settings, firstChildName: 'Ana', children: { 'kid-leo': child('Leopold', { createdAt: 5, lastRotationDate: 900 }), 'my-sam': child('sam ') } },
      rotations: [{ id: 'old', createdAt: 1, toyIds: [], serverOrder: 1, childId: 'kid-removed', observations: {} }],
    });
    const plan = planImport(sourceFromExport(files), new Map(), mine, newId);
    expect(plan.counts).toMatchObject({ childrenAdded: 0, childrenMerged: 2 });
    expect(plan.settings?.children).toEqual({
      'kid-leo': child('Leo', { birthYear: 2020, rotationIntervalDays: 14, createdAt: 5, lastRotationDate: 900 }),
      'my-sam': child('Sam', { createdAt: 10 }),
    });
    expect(plan.settings?.firstChildName).toBe('Mia');
    expect(plan.toys[0]?.doc.childIds).toEqual(['my-sam']);
    expect(plan.rotations[0]?.childId).toBe('my-sam');

    // An id this household's history already names is not reused for another child.
    const reused = exportZip({ settings: [{ ...exported, children: { 'kid-removed': child('Zoe') } }] });
    const fresh = planImport(sourceFromExport(reused), new Map(), mine, newId);
    expect(Object.keys(fresh.settings?.children ?? {})).toEqual(['kid-leo', 'my-sam', expect.stringMatching(/^new-/)]);
  });

  it(`refuses more than ${CHILDREN_MAX} children in all with a clear problem`, () => {
    const many = (prefix: string, n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, child(`${prefix} ${i}`)]));
    const files = exportZip({ settings: [{ ...exported, children: many('new', 5) }] });
    const plan = planImport(sourceFromExport(files), new Map(), target({ settings: { ...settings, children: many('mine', 8) } }), newId);
    expect(plan.problems).toMatchObject([
      {
        row: null,
        where: 'Children',
        reason: 'This import would make 14 children; at most 12 can be kept (you have 9). Remove children you no longer need in Settings, then import again.',
      },
    ]);
  });

  it('changes nothing when the settings are the same, and a CSV never touches them', () => {
    expect(planImport(sourceFromExport(exportZip({ settings: [settings] })), new Map(), target(), newId).settings).toBeNull();
    expect(planImport(sourceFromCsv(strToU8('Title\nBall'), null, 0), new Map(), target({ settings: exported }), newId).settings).toBeNull();
  });
});

describe('a photo the zip lacks (an export made offline)', () => {
  const photo = 'e'.repeat(64);
  it('leaves the photo a toy already has here, and says so; a new toy comes without one', () => {
    const files = exportZip({ toys: [toy({ id: 't1', title: 'Kite', mediaId: photo }), toy({ id: 't2', title: 'Drum', mediaId: photo })] });
    const mine = target({ toys: [toy({ id: 't1', title: 'Kite', mediaId: 'f'.repeat(64) })] });
    const plan = planImport(sourceFromExport(files), new Map(), mine, newId);
    // Kite keeps its photo and is otherwise the same: unchanged, nothing to write.
    expect(plan.toys.map((t) => [t.doc.id, t.doc.mediaId])).toEqual([['t2', null]]);
    expect(plan.counts.toysUnchanged).toBe(1);
    expect(plan.warnings.map(inEnglish)).toEqual([
      '"Kite": its photo is not in the zip (the export was made offline); the toy keeps the photo it has here.',
      '"Drum": its photo is not in the zip (the export was made offline); the toy is imported without a photo.',
    ]);
  });
});

describe('a kinder import (issue 23)', () => {
  it('counts a re-imported, unchanged toy as unchanged and writes nothing for it', () => {
    const here = target({ toys: [toy({ id: 't1' }), toy({ id: 't2', title: 'Car' })] });
    const files = exportZip({ toys: [toy({ id: 't1' }), toy({ id: 't2', title: 'Car, repainted' })] });
    const plan = planImport(sourceFromExport(files), new Map(), here, newId);
    expect(plan.counts).toMatchObject({ toysAdded: 0, toysUpdated: 1, toysUnchanged: 1 });
    expect(plan.toys.map((t) => t.doc.id)).toEqual(['t2']);
  });

  it('lets the parent leave out the rows with problems; what concerns the whole file still blocks', () => {
    const csv = strToU8('Title,Kept\nBall,yes\n,no\nCar,maybe\nTrain,no\n');
    const plan = planImport(sourceFromCsv(csv, null, 0), new Map(), target(), newId);
    expect(plan.problems.map((p) => p.row)).toEqual([3, 4]);
    expect(problemRowCount(plan)).toBe(2);
    const skipped = skippingProblemRows(plan);
    expect(skipped.problems).toEqual([]);
    expect(skipped.toys.map((t) => t.doc.title)).toEqual(['Ball', 'Train']);

    const tooMany = planImport(sourceFromCsv(csv, null, 0), new Map(), target({ toys: Array.from({ length: 99 }, (_, i) => toy({ id: `e${i}`, title: `E${i}` })) }), newId);
    expect(skippingProblemRows(tooMany).problems.map((p) => p.where)).toEqual(['Plan limit']);
  });

  it('reads a header whose first name carries a byte order mark, inside quotes or not', () => {
    for (const header of ['\uFEFF"Title","Category"', '"\uFEFFTitle","Category"', '\uFEFFTitle,Category']) {
      const plan = planImport(sourceFromCsv(strToU8(`${header}\n"Ball","Blocks"\n`), null, 0), new Map(), target(), newId);
      expect(plan.problems).toEqual([]);
      expect(plan.toys.map((t) => t.doc.title)).toEqual(['Ball']);
    }
  });
});
