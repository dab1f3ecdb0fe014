import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertToys } from '../test-support/toys.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { person } from '../test-support/households.js';

// The calendar feed in the person's language (issue 24, decision 044): the link as made carries
// its maker's language; a bare link follows the household owner's, else the fetching program's.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function householdWithDueChildren() {
  const parent = await person(t, { username: 'Ada' });
  await insertToys(t.deps, parent.userId, 4);
  // The first child stays unnamed ("Your child"), a second one is named.
  await parent.api.put('updateSettings', { rotationIntervalDays: 7 });
  await parent.api.post('addChild', { name: 'Max', rotationIntervalDays: 7 });
  return parent;
}

describe('the calendar feed', () => {
  it("is in its maker's language, carried by the link", async () => {
    const parent = await householdWithDueChildren();
    expect((await parent.api.put('/api/auth/language', { language: 'de' })).status).toBe(200);
    const url = new URL((await parent.api.post('calendarFeed')).body.url as string);
    expect(url.searchParams.get('lang')).toBe('de');
    const ics = await (await t.app.request(`${url.pathname}${url.search}`)).text();
    expect(ics).toContain('X-WR-CALNAME:Spielzeugrotation');
    expect(ics).toMatch(/SUMMARY:Spielzeugrotation fällig: (Dein Kind|Max)/);
    expect(ics).toContain('Dein Kind');
    expect(ics).not.toContain('Toy rotation due');
  });

  it("without a language in the link: the owner's, else the program's Accept-Language, else English", async () => {
    const parent = await householdWithDueChildren();
    const url = new URL((await parent.api.post('calendarFeed')).body.url as string);
    expect(url.search).toBe(''); // nobody chose a language yet
    const fetch = async (headers: Record<string, string> = {}) => (await t.app.request(url.pathname, { headers })).text();
    expect(await fetch()).toMatch(/SUMMARY:Toy rotation due: (Your child|Max)/);
    expect(await fetch({ 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' })).toContain('SUMMARY:Rotation des jouets à faire');
    await parent.api.put('/api/auth/language', { language: 'es' });
    expect(await fetch({ 'accept-language': 'fr' })).toContain('SUMMARY:Toca rotar juguetes');
    expect(await fetch()).toContain('Tu hijo o hija');
    // An unknown language in the link is as if there were none.
    expect(await (await t.app.request(`${url.pathname}?lang=xx`)).text()).toContain('Toca rotar juguetes');
  });
});
