import { describe, expect, it } from 'vitest';
import { PRACTICE_DEFAULTS, RETIRE_REASONS, ROTATION_INTERVAL_MAX, ROTATION_INTERVAL_MIN, settingsDocSchema, type Observation, rotationDocSchema, toyDocSchema } from '../schemas/docs.js';
import {
  activeToys,
  childLabel,
  childPool,
  childRotations,
  existingChildIds,
  findChild,
  futureBirthYearProblem,
  listChildren,
  maxRotationCountForChild,
  suggestedRotationCount,
  toyIsForChild,
} from './children.js';
import { REST_SUGGESTION, suggestsRest, swapList, toyStory } from './observations.js';
import { addDays, dayOf, isRotationDue, nextDueDay, upcomingDueDays } from './schedule.js';

const DAY = 86_400_000;
const settings = {
  id: 'u1',
  rotationToysNumber: 5,
  lastRotationDate: null,
  tipsDismissed: false,
  plan: 'free' as const,
  toysLimit: 100,
  collectionsLimit: 3,
  ...PRACTICE_DEFAULTS.settings,
};

describe('children', () => {
  it('an account has exactly one child, the settings themselves, until another is added', () => {
    const [only, ...rest] = listChildren(settings);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ id: 'first-child', first: true, rotationToysNumber: 5, rotationIntervalDays: null, lastRotationDate: null });
    expect(childLabel(only!)).toBe('Your child');
  });

  it('lists the other children in the order they were added, and finds them', () => {
    const child = (name: string, createdAt: number) => ({ name, birthMonth: null, birthYear: null, rotationToysNumber: 4, rotationIntervalDays: 7, lastRotationDate: null, createdAt });
    const withKids = { ...settings, firstChildName: 'Ada', children: { zed: child('Zoe', 10), amy: child('Max', 20) } };
    expect(listChildren(withKids).map((c) => c.name)).toEqual(['Ada', 'Zoe', 'Max']);
    expect(findChild(withKids, 'amy')?.rotationIntervalDays).toBe(7);
    expect(findChild(withKids, 'nobody')).toBeNull();
    expect(settingsDocSchema.safeParse({ ...withKids, children: { 'first-child': child('X', 1) } }).success).toBe(false);
  });

  it('a toy assigned to no existing child is for every child', () => {
    const existing = new Set(['first-child', 'kid2']);
    expect(toyIsForChild({ childIds: [] }, 'kid2', existing)).toBe(true);
    expect(toyIsForChild({ childIds: ['first-child'] }, 'kid2', existing)).toBe(false);
    expect(toyIsForChild({ childIds: ['first-child', 'kid2'] }, 'kid2', existing)).toBe(true);
    expect(toyIsForChild({ childIds: ['removed'] }, 'kid2', existing)).toBe(true);
  });

  it('retired toys leave the active inventory', () => {
    expect(activeToys([{ id: 'a', retired: false }, { id: 'b', retired: true }]).map((t) => t.id)).toEqual(['a']);
  });

  it("one rule for a child's rotation pool and its largest rotation count: its active toys minus its kept ones", () => {
    const kid = (name: string) => ({ name, birthMonth: null, birthYear: null, rotationToysNumber: 4, rotationIntervalDays: null, lastRotationDate: null, createdAt: 1 });
    const existing = existingChildIds({ ...settings, children: { kid2: kid('Max') } });
    expect([...existing]).toEqual(['first-child', 'kid2']);
    const toy = (id: string, flags: { retired?: boolean; favorite?: boolean; childIds?: string[] } = {}) => ({ id, retired: false, favorite: false, childIds: [], ...flags });
    const toys = [
      toy('shared'),
      toy('sharedKept', { favorite: true }),
      toy('retired', { retired: true }),
      toy('retiredKept', { retired: true, favorite: true }),
      toy('forKid2', { childIds: ['kid2'] }),
      toy('keptForKid2', { childIds: ['kid2'], favorite: true }),
      toy('forFirst', { childIds: ['first-child'] }),
      toy('forRemoved', { childIds: ['gone'] }),
    ];
    expect(childPool(toys, 'first-child', existing).map((t) => t.id)).toEqual(['shared', 'sharedKept', 'forFirst', 'forRemoved']);
    expect(childPool(toys, 'kid2', existing).map((t) => t.id)).toEqual(['shared', 'sharedKept', 'forKid2', 'keptForKid2', 'forRemoved']);
    expect(maxRotationCountForChild(toys, 'first-child', existing)).toBe(3);
    expect(maxRotationCountForChild(toys, 'kid2', existing)).toBe(3);
    // A child being added: only the toys for no existing child.
    expect(maxRotationCountForChild(toys, 'new', new Set([...existing, 'new']))).toBe(2);
    expect(maxRotationCountForChild([], 'first-child', existing)).toBe(0);
  });

  it("a child's rotations, newest first in the server's order", () => {
    const rotations = [
      { id: 'r1', createdAt: 5, serverOrder: 1, childId: 'first-child' },
      { id: 'r2', createdAt: 1, serverOrder: 2, childId: 'first-child' },
      { id: 'r3', createdAt: 9, serverOrder: 3, childId: 'kid2' },
      { id: 'r4', createdAt: 0, serverOrder: null, childId: 'first-child' },
    ];
    expect(childRotations(rotations, 'first-child').map((r) => r.id)).toEqual(['r4', 'r2', 'r1']);
  });

  it('refuses a birth year after this year, in any time zone', () => {
    const midYear = Date.UTC(2026, 5, 1);
    expect(futureBirthYearProblem(null, midYear)).toBeNull();
    expect(futureBirthYearProblem(2026, midYear)).toBeNull();
    expect(futureBirthYearProblem(2027, midYear)).toBe('The birth year cannot be in the future');
    // New Year's Eve in UTC is already New Year's Day in Kiribati (UTC+14).
    expect(futureBirthYearProblem(2027, Date.UTC(2026, 11, 31, 12))).toBeNull();
  });

  it('suggests a rotation count for the age', () => {
    const now = Date.UTC(2026, 10, 24);
    expect(suggestedRotationCount(null, null, now)).toBeNull();
    expect(suggestedRotationCount(2026, 1, now)).toBe(4);
    expect(suggestedRotationCount(2024, 6, now)).toBe(6);
    expect(suggestedRotationCount(2022, 6, now)).toBe(8);
    expect(suggestedRotationCount(2019, 1, now)).toBe(10);
  });
});

describe('schedule', () => {
  const monday = Date.UTC(2026, 10, 23, 22, 30); // Monday 22:30 UTC = Tuesday 07:30 in Tokyo
  it('due days are calendar days in the household time zone', () => {
    expect(dayOf(monday, null)).toBe('2026-11-23');
    expect(dayOf(monday, 'Asia/Tokyo')).toBe('2026-11-24');
    expect(dayOf(monday, 'Not/AZone')).toBe('2026-11-23');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(nextDueDay({ lastRotationDate: monday, rotationIntervalDays: 7 }, null, monday)).toBe('2026-11-30');
    expect(nextDueDay({ lastRotationDate: monday, rotationIntervalDays: 7 }, 'Asia/Tokyo', monday)).toBe('2026-12-01');
  });

  it('no schedule: never due; never rotated: due today; due on the due day and after', () => {
    expect(nextDueDay({ lastRotationDate: monday, rotationIntervalDays: null }, null, monday)).toBeNull();
    expect(isRotationDue({ lastRotationDate: null, rotationIntervalDays: null }, null, monday)).toBe(false);
    expect(isRotationDue({ lastRotationDate: null, rotationIntervalDays: 3 }, null, monday)).toBe(true);
    const child = { lastRotationDate: monday, rotationIntervalDays: 2 };
    expect(isRotationDue(child, null, monday + DAY)).toBe(false);
    expect(isRotationDue(child, null, Date.UTC(2026, 10, 25, 0, 1))).toBe(true);
    expect(isRotationDue(child, null, monday + 10 * DAY)).toBe(true);
    expect(upcomingDueDays(child, null, monday, 3)).toEqual(['2026-11-25', '2026-11-27', '2026-11-29']);
  });
});

describe('swap list and a toy story', () => {
  it('puts away what was out and is not now, brings out what is new', () => {
    expect(swapList(['a', 'b', 'c'], ['c', 'd', 'a', 'e'])).toEqual({ putAway: ['b'], bringOut: ['d', 'e'] });
    expect(swapList([], ['a'])).toEqual({ putAway: [], bringOut: ['a'] });
  });

  it('tells times out, last out, how it went; two untouched rotations in a row suggest a rest', () => {
    const rotations: { id: string; createdAt: number; toyIds: string[]; observations: Record<string, Observation> }[] = [
      { id: 'r3', createdAt: 300, toyIds: ['t'], observations: { t: 'none' as const } },
      { id: 'r2', createdAt: 200, toyIds: ['u'], observations: {} },
      { id: 'r1', createdAt: 100, toyIds: ['t', 'u'], observations: { t: 'none' as const, u: 'lot' as const } },
    ];
    const story = toyStory('t', rotations);
    expect(story).toEqual({
      timesOut: 2,
      lastOut: 300,
      times: [
        { rotationId: 'r3', at: 300, observation: 'none' },
        { rotationId: 'r1', at: 100, observation: 'none' },
      ],
    });
    expect(suggestsRest(story)).toBe(true);
    expect(REST_SUGGESTION).toMatch(/rest, or retire it/);
    expect(suggestsRest(toyStory('u', rotations))).toBe(false);
    expect(toyStory('never', rotations)).toEqual({ timesOut: 0, lastOut: null, times: [] });
  });
});

describe('schemas', () => {
  it('refuse observations of toys that were not out, and bad retire reasons, with readable messages', () => {
    const rotation = { id: 'r', createdAt: 1, toyIds: ['a'], serverOrder: null, ...PRACTICE_DEFAULTS.rotations };
    expect(rotationDocSchema.safeParse({ ...rotation, observations: { a: 'lot' } }).success).toBe(true);
    expect(rotationDocSchema.safeParse({ ...rotation, observations: { b: 'lot' } }).error?.issues[0]?.message).toBe('Observations are only for toys out in that rotation');
    expect(rotationDocSchema.safeParse({ ...rotation, observations: { a: 'lots' } }).error?.issues[0]?.message).toBe('An observation is lot, little or none');
    const toy = {
      id: 't', title: 'T', categoryId: 'uncategorized', caption: '', mediaId: null, collectionIds: [], excluded: false, favorite: false,
      createdAt: 1, lastRotatedAt: null, location: 'Bin 3', retired: true, feedback: null, ...PRACTICE_DEFAULTS.toys, retiredReason: 'donated',
    };
    for (const reason of RETIRE_REASONS) expect(toyDocSchema.safeParse({ ...toy, retiredReason: reason }).success).toBe(true);
    expect(toyDocSchema.safeParse({ ...toy, retiredReason: 'lost' }).error?.issues[0]?.message).toMatch(/^The reason is one of: outgrown/);
    expect(settingsDocSchema.safeParse({ ...settings, rotationIntervalDays: ROTATION_INTERVAL_MAX + 1 }).error?.issues[0]?.message).toBe('The rotation interval is 1 to 30 days');
    expect(settingsDocSchema.safeParse({ ...settings, rotationIntervalDays: ROTATION_INTERVAL_MIN }).success).toBe(true);
    expect(settingsDocSchema.safeParse({ ...settings, rotationMode: 'fair' }).error?.issues[0]?.message).toBe('rotationMode is random or balanced');
  });
});
