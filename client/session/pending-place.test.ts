import { describe, expect, test } from 'vitest';
import { MemoryStorage } from '../lib/memory-storage.js';
import { afterSignInPath, rememberInvite } from './pending-invite.js';
import { forgetPlace, pendingPlace, placePath, rememberPlace } from './pending-place.js';

describe('a bin label scanned signed out waits through log in', () => {
  test('log in goes on to the place, for an hour; an invite opened meanwhile goes first', () => {
    const storage = new MemoryStorage();
    rememberPlace(storage, 'Bin 3 & hall', 1000);
    expect(pendingPlace(storage, 1000 + 59 * 60_000)).toBe('Bin 3 & hall');
    expect(afterSignInPath(storage, 2000)).toBe('/inventory?place=Bin%203%20%26%20hall');
    expect(afterSignInPath(storage, 1000 + 61 * 60_000)).toBe('/');
    rememberInvite(storage, 'abc', 2000);
    expect(afterSignInPath(storage, 3000)).toBe('/join/abc');
  });

  test('once at the place it is forgotten; a broken entry is ignored', () => {
    const storage = new MemoryStorage();
    rememberPlace(storage, 'Attic', 0);
    forgetPlace(storage);
    expect(afterSignInPath(storage, 10)).toBe('/');
    storage.setItem('pendingPlace', '{"place":3}');
    expect(pendingPlace(storage, 10)).toBeNull();
  });

  test("a place's link carries its name encoded", () => {
    expect(placePath('Bin 3 & co/hall')).toBe('/inventory?place=Bin%203%20%26%20co%2Fhall');
  });
});
