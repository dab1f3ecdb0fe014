import { describe, expect, it } from 'vitest';
import { quietStorageAdvert } from './quiet-storage-advert.js';

describe('quietStorageAdvert (issue 16, polish 8)', () => {
  it('drops the Dexie storage advert once and passes every other warning through', () => {
    const seen: unknown[][] = [];
    const target = { warn: (...args: unknown[]) => void seen.push(args) };
    const original = target.warn;
    quietStorageAdvert(target);
    target.warn('RxDB: a real warning', 42);
    target.warn('-------------- RxDB Open Core RxStorage -------------------------------\nYou are using the free Dexie.js based RxStorage');
    expect(seen).toEqual([['RxDB: a real warning', 42]]);
    expect(target.warn).toBe(original); // restored after the one advert
    target.warn('later');
    expect(seen).toHaveLength(2);
  });
});
