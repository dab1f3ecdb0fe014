import { describe, expect, it } from 'vitest';
import { listIdFor, listNameKey, sameListName } from './list-names.js';

describe('list names', () => {
  it('ignore case, surrounding spaces and Unicode composition, not the locale', () => {
    expect(sameListName(' Blocks ', 'bLOCKS')).toBe(true);
    expect(sameListName('Caf\u00e9', 'cafe\u0301')).toBe(true);
    expect(sameListName('Blocks', 'Block')).toBe(false);
    expect(listNameKey('I')).toBe('i'); // toLocaleLowerCase('tr') would give a dotless ı
  });

  it('give a new list an id from its kind and name, the same for the same name on every device', () => {
    expect(listIdFor('category', ' Blocks')).toBe(listIdFor('category', 'bLOCKS '));
    expect(listIdFor('category', 'Blocks')).toMatch(/^cat-[0-9a-f]{16}$/);
    expect(listIdFor('collection', 'Blocks')).toMatch(/^col-/);
    expect(listIdFor('category', 'Blocks')).not.toBe(listIdFor('category', 'Block'));
  });
});
