import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, insertToys, rawRows } from '../test-support/toys.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { seedUser } from '../test-support/users.js';

// The rotation practice calls (issue 14): every one, with its readable 400s that change nothing.
// Runs on SQLite and on PostgreSQL (vitest projects).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function newUser(plan: 'free' | 'paid' = 'free') {
  const user = await seedUser(t.deps, { plan });
  return { ...user, api: apiClient(t, user.token) };
}

const ids = (toys: { _id: string }[]) => toys.map((toy) => toy._id);

describe('settings: rotationMode and the schedule', () => {
  it('updateSettings takes rotationMode, rotationIntervalDays, reminderEmail, timeZone; getsettings answers them and the next due day', async () => {
    const { api, userId } = await newUser();
    await insertToys(t.deps, userId, 3); // a rotation with nothing to bring out records nothing
    const res = await api.put('updateSettings/', { rotationMode: 'balanced', rotationIntervalDays: 7, timeZone: 'Europe/Paris' });
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ rotationMode: 'balanced', rotationIntervalDays: 7, timeZone: 'Europe/Paris', reminderEmail: false });
    // Never rotated with a schedule: due today.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(t.deps.now()));
    expect(res.body[0].nextRotationDue).toBe(today);
    await api.get('pickRandomToys');
    const after = (await api.get('getsettings')).body[0];
    const due = new Date(Date.parse(`${today}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    expect(after.nextRotationDue).toBe(due);
    expect((await api.put('updateSettings', { rotationIntervalDays: null })).body[0].nextRotationDue).toBeNull();
  });

  it('refuses bad values with a readable 400 and changes nothing', async () => {
    const { api } = await newUser();
    const cases: [unknown, RegExp][] = [
      [{ rotationMode: 'fair' }, /rotationMode: rotationMode is random or balanced/],
      [{ rotationIntervalDays: 0 }, /rotationIntervalDays: The rotation interval is 1 to 30 days/],
      [{ rotationIntervalDays: 31 }, /1 to 30 days/],
      [{ rotationIntervalDays: 2.5 }, /whole number of days/],
      [{ reminderEmail: 'yes' }, /reminderEmail/],
      [{ timeZone: 'Mars/Olympus' }, /not a time zone/],
      [{ rotationMode: 'balanced', colour: 'red' }, /colour/],
    ];
    for (const [body, message] of cases) {
      const res = await api.put('updateSettings', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    expect((await api.get('getsettings')).body[0]).toMatchObject({ rotationMode: 'random', rotationIntervalDays: null, timeZone: null });
    // The spec's calls are untouched.
    expect((await api.put('updateSettings', { toyTypes: ['Blocks'] })).body[0].toyTypes).toEqual(['Uncategorized', 'Blocks']);
  });
});

describe('children', () => {
  it('one child by default; add, change, list and remove others; the first child cannot be removed', async () => {
    const { api } = await newUser();
    await insertToys(t.deps, (await api.get('getsettings')).body[0].id, 6);
    const first = (await api.get('getChildren')).body;
    expect(first).toEqual([
      expect.objectContaining({ id: 'first-child', first: true, name: '', rotationToysNumber: 8, rotationIntervalDays: null, nextRotationDue: null, rotationDue: false }),
    ]);
    const added = await api.post('addChild', { name: ' Max ', birthYear: 2024, birthMonth: 5, rotationToysNumber: 3, rotationIntervalDays: 10 });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ name: 'Max', first: false, birthYear: 2024, birthMonth: 5, rotationToysNumber: 3, rotationIntervalDays: 10, rotationDue: true });
    const kid = added.body.id as string;
    expect((await api.put(`updateChild/${kid}`, { rotationIntervalDays: null, name: 'Maxine' })).body).toMatchObject({ name: 'Maxine', rotationIntervalDays: null });
    expect((await api.put('updateChild/first-child', { name: 'Ada', rotationToysNumber: 2 })).body).toMatchObject({ name: 'Ada', rotationToysNumber: 2 });
    expect((await api.get('getsettings')).body[0].rotationToysNumber).toBe(2); // the spec's count is the first child's
    expect((await api.get('getChildren')).body.map((c: { name: string }) => c.name)).toEqual(['Ada', 'Maxine']);

    const nextYear = new Date(t.deps.now()).getUTCFullYear() + 1;
    const bad: [string, string, unknown, number, RegExp][] = [
      ['post', 'addChild', { name: '' }, 400, /name: The child's name is required/],
      ['post', 'addChild', { name: 'x'.repeat(61) }, 400, /60 characters/],
      ['post', 'addChild', { name: 'A', birthMonth: 13 }, 400, /birthMonth: The birth month is 1 to 12/],
      ['post', 'addChild', { name: 'A', birthYear: nextYear }, 400, /birthYear: The birth year cannot be in the future/],
      ['put', 'updateChild/first-child', { birthYear: nextYear }, 400, /birthYear: The birth year cannot be in the future/],
      ['put', `updateChild/${kid}`, { birthYear: nextYear }, 400, /birthYear: The birth year cannot be in the future/],
      ['post', 'addChild', { name: 'A', rotationToysNumber: 50 }, 400, /between 0 and 6/],
      ['put', `updateChild/${kid}`, { rotationIntervalDays: 45 }, 400, /1 to 30 days/],
      ['put', `updateChild/${kid}`, { name: '' }, 400, /name is required/],
      ['put', 'updateChild/nobody', { name: 'Z' }, 404, /child was not found/],
      ['delete', 'deleteChild/first-child', undefined, 400, /cannot be removed/],
      ['delete', 'deleteChild/nobody', undefined, 404, /child was not found/],
    ];
    for (const [method, path, body, status, message] of bad) {
      const res = method === 'post' ? await api.post(path, body) : method === 'put' ? await api.put(path, body) : await api.del(path);
      expect(res.status, path).toBe(status);
      expect(res.body.error).toMatch(message);
    }
    expect((await api.get('getChildren')).body).toHaveLength(2);
    expect((await api.del(`deleteChild/${kid}`)).status).toBe(200);
    expect((await api.get('getChildren')).body).toHaveLength(1);
  });

  it('rotates a given child with its own count and toys; the spec calls act on the first child', async () => {
    const { api, userId } = await newUser();
    const toyIds = await insertToys(t.deps, userId, 6);
    const kid = (await api.post('addChild', { name: 'Max', rotationToysNumber: 2 })).body.id as string;
    expect((await api.put(`updateToyChildren/${toyIds[0]}`, { childIds: [kid] })).body.childIds).toEqual([kid]);
    await api.put(`updateToyChildren/${toyIds[1]}`, { childIds: ['first-child'] });
    await api.put('updateToyRotationNumber', { rotationToysNumber: 5 });

    const rotated = await api.post(`rotateChild/${kid}`);
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({ msg: 'Toys rotated: 2 toys are out now.', childId: kid });
    expect(rotated.body.toyIds).not.toContain(toyIds[1]);
    expect(ids((await api.get(`childToys/${kid}`)).body)).toEqual(rotated.body.toyIds);
    expect((await api.get('getuserrandomtoys')).body).toEqual([]); // the first child has not rotated
    expect((await api.get('getLastRotationDate')).body).toEqual([{ lastRotationDate: null }]);
    expect((await api.get('getChildren')).body[1].lastRotationDate).not.toBeNull();

    await api.get('pickRandomToys');
    const firstOut = ids((await api.get('getuserrandomtoys')).body);
    expect(firstOut).toHaveLength(5);
    expect(firstOut).not.toContain(toyIds[0]); // assigned to the other child only
    expect((await api.post('rotateChild/nobody')).status).toBe(404);
    expect((await api.get('childToys/nobody')).status).toBe(404);
    expect((await api.put(`updateToyChildren/${toyIds[2]}`, { childIds: ['ghost'] })).body.error).toMatch(/"ghost" is not one of your children/);
  });

  it("a child's largest rotation count is its own active toys minus its kept ones, the rule the app uses", async () => {
    const { api, userId } = await newUser();
    const kid = (await api.post('addChild', { name: 'Max' })).body.id as string;
    // t0 for Max, t1 for the first child, t2 kept for Max; t3-t5 for both.
    const toyIds = await insertToys(t.deps, userId, 6, (i) => ({
      child_ids: JSON.stringify(i === 0 || i === 2 ? [kid] : i === 1 ? ['first-child'] : []),
      favorite: i === 2 ? 1 : 0,
    }));
    const status = async (res: Promise<{ status: number; body: { error?: string } }>) => {
      const answer = await res;
      return answer.status === 400 ? answer.body.error?.match(/between 0 and (\d+)/)?.[1] : answer.status;
    };
    expect(await status(api.put('updateToyRotationNumber', { rotationToysNumber: 5 }))).toBe('4');
    expect(await status(api.put('updateToyRotationNumber', { rotationToysNumber: 4 }))).toBe(200);
    expect(await status(api.put('updateChild/first-child', { rotationToysNumber: 5 }))).toBe('4');
    expect(await status(api.put(`updateChild/${kid}`, { rotationToysNumber: 5 }))).toBe('4');
    expect(await status(api.put(`updateChild/${kid}`, { rotationToysNumber: 4 }))).toBe(200);
    // A new child's toys are the ones for no child in particular: t3-t5.
    expect(await status(api.post('addChild', { name: 'Zoe', rotationToysNumber: 4 }))).toBe('3');
    // A retired toy leaves every count.
    await api.put(`retireToy/${toyIds[3]}`, { reason: 'outgrown' });
    expect(await status(api.put('updateToyRotationNumber', { rotationToysNumber: 4 }))).toBe('3');
  });

  it('balanced mode over REST: a toy out last time is not picked again while others wait', async () => {
    const { api, userId } = await newUser();
    await insertToys(t.deps, userId, 6, (i) => ({ category_id: i % 2 === 0 ? 'uncategorized' : 'uncategorized' }));
    await api.put('updateToyRotationNumber', { rotationToysNumber: 3 });
    await api.put('updateSettings', { rotationMode: 'balanced' });
    await api.get('pickRandomToys');
    const first = ids((await api.get('getuserrandomtoys')).body);
    await api.get('pickRandomToys');
    const second = ids((await api.get('getuserrandomtoys')).body);
    expect(second.filter((id) => first.includes(id))).toEqual([]);
  });
});

describe('swap list, observations, history, toy story', () => {
  it('after a rotation lists what to put away and bring out with storage places; observations build the history and the story', async () => {
    const { api, userId } = await newUser();
    const toyIds = await insertToys(t.deps, userId, 4);
    await api.put('updateToyRotationNumber', { rotationToysNumber: 2 });
    await api.put('updateSettings', { rotationMode: 'balanced' });
    for (const [i, id] of toyIds.entries()) expect((await api.put(`updateToyLocation/${id}`, { location: ` Bin ${i % 2} ` })).body.location).toBe(`Bin ${i % 2}`);
    expect((await api.get('storagePlaces')).body.sort()).toEqual(['Bin 0', 'Bin 1']);

    await api.get('pickRandomToys');
    const first = await api.get('swapList/first-child');
    expect(first.body.putAway).toEqual([]);
    expect(first.body.bringOut).toHaveLength(2);
    expect(first.body.bringOut[0]).toEqual({ _id: expect.any(String), title: expect.any(String), type: 'Uncategorized', location: expect.stringMatching(/^Bin [01]$/) });
    const firstIds = ids(first.body.bringOut);
    const rotationId = first.body.rotationId as string;

    const noted = await api.put(`observeToy/${rotationId}`, { toyId: firstIds[0], observation: 'none' });
    expect(noted.body.observations).toEqual({ [firstIds[0]!]: 'none' });
    await api.put(`observeToy/${rotationId}`, { toyId: firstIds[1], observation: 'lot' });
    expect((await api.put(`observeToy/${rotationId}`, { toyId: firstIds[1], observation: null })).body.observations).toEqual({ [firstIds[0]!]: 'none' });
    for (const [body, status, message] of [
      [{ toyId: 'not-out', observation: 'lot' }, 400, /not out in this rotation/],
      [{ toyId: firstIds[0], observation: 'lots' }, 400, /lot, little or none/],
      [{ observation: 'lot' }, 400, /toyId/],
    ] as const) {
      const res = await api.put(`observeToy/${rotationId}`, body);
      expect(res.status).toBe(status);
      expect(res.body.error).toMatch(message);
    }
    expect((await api.put('observeToy/nope', { toyId: firstIds[0], observation: 'lot' })).status).toBe(404);

    t.advance(60_000);
    await api.get('pickRandomToys');
    const second = (await api.get('swapList/first-child')).body;
    expect(ids(second.putAway).sort()).toEqual([...firstIds].sort());
    expect(ids(second.bringOut).filter((id) => firstIds.includes(id))).toEqual([]);
    await api.put(`observeToy/${second.rotationId}`, { toyId: second.bringOut[0]._id, observation: 'little' });
    // "Until the next rotation": the earlier rotation's notes are kept as they were.
    const late = await api.put(`observeToy/${rotationId}`, { toyId: firstIds[0], observation: 'lot' });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('Only the latest rotation can be noted: a newer rotation was made since.');

    const history = (await api.get('rotationHistory')).body;
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ id: second.rotationId, childId: 'first-child', childName: 'Your child', rotatedBy: { id: userId, username: expect.any(String) } });
    expect(history[0].toys).toHaveLength(2);
    expect(history[1].observations).toEqual({ [firstIds[0]!]: 'none' });
    expect((await api.get('rotationHistory?childId=first-child&limit=1')).body).toHaveLength(1);
    expect((await api.get('rotationHistory?limit=many')).status).toBe(400);
    expect((await api.get('rotationHistory?childId=nobody')).status).toBe(404);

    const story = (await api.get(`toyStory/${firstIds[0]}`)).body;
    expect(story).toMatchObject({ timesOut: 1, suggestRest: false, times: [{ rotationId, childId: 'first-child', observation: 'none' }] });
    expect((await api.get('toyStory/nope')).status).toBe(404);
    expect((await api.get('swapList/nobody')).status).toBe(404);
    expect((await api.put(`updateToyLocation/${toyIds[0]}`, { location: 'x'.repeat(201) })).body.error).toMatch(/200 characters/);
    expect((await api.put(`updateToyLocation/${toyIds[0]}`, { location: '' })).body.location).toBe('');
  });
});

describe('retiring', () => {
  it('retired toys leave rotation, the toy lists and the plan count, stay findable, and come back', async () => {
    const { api, userId } = await newUser();
    const toyIds = await insertToys(t.deps, userId, 3);
    const retired = await api.put(`retireToy/${toyIds[0]}`, { reason: 'passed-down', note: ' to cousin Sam ' });
    expect(retired.status).toBe(200);
    expect(retired.body).toMatchObject({ retired: true, retiredReason: 'passed-down', retiredNote: 'to cousin Sam' });
    expect(ids((await api.get('getusertoys')).body)).not.toContain(toyIds[0]);
    expect(ids((await api.get('retiredToys')).body)).toEqual([toyIds[0]]);
    expect((await api.get('unexcludedToysAmount')).body).toBe(2);
    await api.put('updateToyRotationNumber', { rotationToysNumber: 2 });
    expect((await api.put('updateToyRotationNumber', { rotationToysNumber: 3 })).status).toBe(400); // 2 active toys
    for (let i = 0; i < 5; i++) {
      await api.get('pickRandomToys');
      expect(ids((await api.get('getuserrandomtoys')).body)).not.toContain(toyIds[0]);
    }
    for (const [body, message] of [
      [{ reason: 'lost' }, /The reason is one of: outgrown/],
      [{ reason: 'broken', note: 'x'.repeat(501) }, /500 characters/],
      [{}, /reason/],
    ] as const) {
      const res = await api.put(`retireToy/${toyIds[1]}`, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    expect((await api.put('retireToy/nope', { reason: 'broken' })).status).toBe(404);
    const back = await api.put(`unretireToy/${toyIds[0]}`);
    expect(back.body).toMatchObject({ retired: false, retiredReason: null, retiredNote: null });
    expect(ids((await api.get('getusertoys')).body)).toContain(toyIds[0]);
  });

  it('retired toys do not count against the plan limit; bringing one back past it is refused', async () => {
    const { api, userId } = await newUser();
    const toyIds = await insertToys(t.deps, userId, 100);
    await api.put(`retireToy/${toyIds[0]}`, { reason: 'keepsake' });
    const rows = await rawRows(t.deps, 'toys', userId);
    expect(rows.filter((row) => Number(row.retired) === 1)).toHaveLength(1);
    await insertToys(t.deps, userId, 1); // the 100th active toy
    const res = await api.put(`unretireToy/${toyIds[0]}`);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Toys amount reached the limit');
  });
});

describe('the OpenAPI document', () => {
  it('lists every rotation practice call', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const expected: [string, string][] = [
      ['/api/private/getChildren', 'get'],
      ['/api/private/addChild', 'post'],
      ['/api/private/updateChild/{childId}', 'put'],
      ['/api/private/deleteChild/{childId}', 'delete'],
      ['/api/private/rotateChild/{childId}', 'post'],
      ['/api/private/childToys/{childId}', 'get'],
      ['/api/private/swapList/{childId}', 'get'],
      ['/api/private/rotationHistory', 'get'],
      ['/api/private/observeToy/{rotationId}', 'put'],
      ['/api/private/toyStory/{id}', 'get'],
      ['/api/private/retireToy/{id}', 'put'],
      ['/api/private/unretireToy/{id}', 'put'],
      ['/api/private/retiredToys', 'get'],
      ['/api/private/updateToyLocation/{id}', 'put'],
      ['/api/private/storagePlaces', 'get'],
      ['/api/private/updateToyChildren/{id}', 'put'],
      ['/api/private/calendarFeed', 'post'],
      ['/api/private/calendarFeed', 'get'],
      ['/api/private/calendarFeed', 'delete'],
      ['/api/calendar/{file}', 'get'],
      ['/api/reminders/unsubscribe/{token}', 'get'],
      ['/api/reminders/unsubscribe/{token}', 'post'],
    ];
    for (const [path, method] of expected) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});
