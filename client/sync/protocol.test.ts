import { describe, expect, test } from 'vitest';
import { initialTable, step, type TableState } from './protocol.js';

// Single steps of the protocol core that the exhaustive test's world (one document that both
// devices already hold) does not reach: documents made on this device.

const toy = { id: 't', title: 'Ball', _deleted: false };

/** The state a page load finds after a reload that lost the answer to `t`'s create. */
function afterLostCreate(local = toy): TableState<number> {
  const loaded = { ...initialTable<number>(), docs: { t: { local, sent: { doc: toy, request: null } } } };
  const pulled = step({ ...loaded, pulling: { request: 1, from: null, rewound: false }, nextRequest: 2 }, { type: 'pulled', request: 1, documents: [], checkpoint: 1 });
  return pulled.state;
}

describe('a create whose answer was lost', () => {
  test('goes again as a create, and an edit made after it is pushed on the state the server agreed', () => {
    const pushed = step(afterLostCreate(), { type: 'push' });
    const send = pushed.effects.find((effect) => effect.type === 'send');
    expect(send).toEqual({ type: 'send', request: 2, rows: [{ newDocumentState: toy }] });
    const answered = step(pushed.state, { type: 'push-answered', request: 2, conflicts: [] });
    const edited = step(answered.state, { type: 'edit', docs: [{ ...toy, title: 'Red ball' }] });
    const next = step(edited.state, { type: 'push' });
    expect(next.effects).toContainEqual({ type: 'send', request: 3, rows: [{ newDocumentState: { ...toy, title: 'Red ball' }, assumedMasterState: toy }] });
  });

  test('edited since, it goes on the created state as its base (the server merges it, or creates it)', () => {
    const local = { ...toy, title: 'Red ball' };
    const pushed = step(afterLostCreate(local), { type: 'push' });
    expect(pushed.effects).toContainEqual({ type: 'send', request: 2, rows: [{ newDocumentState: local, assumedMasterState: toy }] });
  });
});

describe('a document made here and never agreed', () => {
  test('a pull of the same id leaves it for its create push; the server answers whose state holds', () => {
    const mine = { id: 'cat-blocks', name: 'Blocks', createdAt: 2, _deleted: false };
    const theirs = { ...mine, createdAt: 1, _deleted: true };
    const state = { ...initialTable<number>(), docs: { 'cat-blocks': { local: mine } }, pulling: { request: 1, from: null, rewound: false }, nextRequest: 2 };
    const pulled = step(state, { type: 'pulled', request: 1, documents: [theirs], checkpoint: 1 });
    expect(pulled.state.docs['cat-blocks']).toEqual({ local: mine });
    expect(step(pulled.state, { type: 'push' }).effects).toContainEqual({ type: 'send', request: 2, rows: [{ newDocumentState: mine }] });
  });
});

describe('a give-back after the server went back in time', () => {
  /** A device that made `t` and never pushed it when a pull finds the server restored. */
  function givingBack(): TableState<number> {
    const state = { ...initialTable<number>(), docs: { t: { local: toy } }, pulledOnce: true, pulling: { request: 1, from: 1, rewound: false }, nextRequest: 2 };
    return step(state, { type: 'server-restored', request: 1 }).state;
  }

  test('a document made, given back, then edited while the give-back ran is pushed on the state it gave', () => {
    // The give-back read the toy as made; the server created it so. The title set meanwhile is
    // a change to that state, not a create the server would judge (and refuse: it holds the toy).
    const edited = step(givingBack(), { type: 'edit', docs: [{ ...toy, title: 'Red ball' }] });
    const given = step(edited.state, { type: 'given-back', sent: [toy] });
    const pushed = step({ ...given.state, pulledOnce: true }, { type: 'push' });
    expect(pushed.effects).toContainEqual({ type: 'send', request: 2, rows: [{ newDocumentState: { ...toy, title: 'Red ball' }, assumedMasterState: toy }] });
  });

  test('sent twice (read again after an edit), the title is still asserted on the first state sent', () => {
    const red = { ...toy, title: 'Red ball' };
    const edited = step(givingBack(), { type: 'edit', docs: [red] });
    const given = step(edited.state, { type: 'given-back', sent: [toy, red] });
    const again = step(given.state, { type: 'given-back', sent: [toy, red] });
    const pushed = step({ ...again.state, pulledOnce: true }, { type: 'push' });
    expect(pushed.effects).toContainEqual({ type: 'send', request: 2, rows: [{ newDocumentState: red, assumedMasterState: toy }] });
  });

  test('a document made after the give-back read its table stays a create', () => {
    const given = step(givingBack(), { type: 'given-back', sent: [] });
    const pushed = step({ ...given.state, pulledOnce: true }, { type: 'push' });
    expect(pushed.effects).toContainEqual({ type: 'send', request: 2, rows: [{ newDocumentState: toy }] });
  });

  test('an edit set back during the give-back is asserted over the state the give-back sent', () => {
    const agreed = { ...initialTable<number>(), docs: { t: { local: { ...toy, title: 'Red ball' }, base: toy } }, pulledOnce: true, pulling: { request: 1, from: 1, rewound: false }, nextRequest: 2 };
    const restored = step(agreed, { type: 'server-restored', request: 1 });
    const setBack = step(restored.state, { type: 'edit', docs: [toy] });
    const given = step(setBack.state, { type: 'given-back', sent: [{ ...toy, title: 'Red ball' }] });
    const pushed = step({ ...given.state, pulledOnce: true }, { type: 'push' });
    expect(pushed.effects).toContainEqual({ type: 'send', request: 2, rows: [{ newDocumentState: toy, assumedMasterState: { ...toy, title: 'Red ball' } }] });
  });
});

describe('a create whose push was lost, then given back', () => {
  test('an edit made after the give-back is pushed on the state given back, not as a create', () => {
    // The create went up and its answer was lost (the server had gone back in time); the
    // give-back then sent the same state, which the server created.
    const lost = { ...initialTable<number>(), docs: { t: { local: toy, sent: { doc: toy, request: null } } }, pulledOnce: true, pulling: { request: 1, from: 1, rewound: false }, nextRequest: 2 };
    const restored = step(lost, { type: 'server-restored', request: 1 });
    const given = step(restored.state, { type: 'given-back', sent: [toy] });
    const nothingToSay = step({ ...given.state, pulledOnce: true }, { type: 'push' });
    const edited = step(nothingToSay.state, { type: 'edit', docs: [{ ...toy, location: 'Shelf' }] });
    const pushed = step(edited.state, { type: 'push' });
    const send = pushed.effects.find((effect) => effect.type === 'send');
    expect(send?.type === 'send' && send.rows).toEqual([{ newDocumentState: { ...toy, location: 'Shelf' }, assumedMasterState: toy }]);
  });
});

describe('a pull asked for while one is on its way', () => {
  test('runs once that one is answered: the change it was asked for may be newer than that answer', () => {
    const start = { ...initialTable<number>(), pulledOnce: true, checkpoint: 1 };
    const first = step(start, { type: 'pull' });
    expect(first.effects).toEqual([{ type: 'fetch', request: 1, from: 1 }]);
    const asked = step(first.state, { type: 'pull' }); // the live stream: another device pushed
    expect(asked.effects).toEqual([]);
    const answered = step(asked.state, { type: 'pulled', request: 1, documents: [], checkpoint: 2 });
    expect(answered.effects).toContainEqual({ type: 'pull-due' });
    const second = step(answered.state, { type: 'pull' });
    expect(second.effects).toEqual([{ type: 'fetch', request: 2, from: 2 }]);
    // Not asked again: nothing more.
    expect(step(second.state, { type: 'pulled', request: 2, documents: [], checkpoint: 2 }).effects).not.toContainEqual({ type: 'pull-due' });
  });
});
