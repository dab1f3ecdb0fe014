import { describe, expect, test } from 'vitest';
import { composedBase, rebase } from './protocol-fields.js';

describe('rebase: a pending edit onto a newer server state', () => {
  test('fields the device changed keep its value, the others take the server’s', () => {
    const base = { id: 't', title: 'Ball', notes: '', _deleted: false };
    const local = { ...base, title: 'Red ball' };
    const server = { ...base, notes: 'from the other parent' };
    expect(rebase(server, base, local)).toEqual({ id: 't', title: 'Red ball', notes: 'from the other parent', _deleted: false });
  });

  test('sets keep what either side added or removed; a delete wins', () => {
    const base = { id: 't', collectionIds: ['a', 'b'], _deleted: false };
    const local = { ...base, collectionIds: ['b', 'c'] };
    const server = { ...base, collectionIds: ['a', 'b', 'd'], _deleted: true };
    expect(rebase(server, base, local)).toEqual({ id: 't', collectionIds: ['b', 'd', 'c'], _deleted: true });
  });
});

describe('rebase: object fields key by key, as the server merges them', () => {
  test('observations of different toys made on two devices both hold', () => {
    const base = { id: 'r', observations: {}, _deleted: false };
    const local = { ...base, observations: { y: 'none' } };
    const server = { ...base, observations: { x: 'lot' } };
    expect(rebase(server, base, local)).toEqual({ id: 'r', observations: { x: 'lot', y: 'none' }, _deleted: false });
  });

  test("a child's fields edited on two devices both hold; a child removed on one side stays removed", () => {
    const base = { id: 's', children: { a: { name: 'Max', days: 7 }, b: { name: 'Ada', days: 7 } } };
    const local = { id: 's', children: { a: { name: 'Maxi', days: 7 }, b: { name: 'Ada', days: 3 } } };
    const server = { id: 's', children: { a: { name: 'Max', days: 14 } } };
    expect(rebase(server, base, local)).toEqual({ id: 's', children: { a: { name: 'Maxi', days: 14 } } });
  });
});

describe('composedBase: pushing again after a lost answer', () => {
  test('a field set back since the lost push still counts as a change; one as sent is asserted again', () => {
    const base = { id: 't', a: 0, b: 0 };
    const sent = { id: 't', a: 1, b: 1 };
    const local = { id: 't', a: 0, b: 1 };
    expect(composedBase(base, sent, local)).toEqual({ id: 't', a: 1, b: 0 });
  });
});
