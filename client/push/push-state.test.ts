import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../lib/memory-storage.js';
import { markRemoved, markSent, PUSH_STATE_KEY, readPushState, wantOff, wantOn, writePushState } from './push-state.js';

const sub = (endpoint: string) => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } });

describe('the device push state', () => {
  it('keeps a wish made offline until it is carried out', () => {
    const storage = new MemoryStorage();
    expect(readPushState(storage)).toEqual({ wanted: false, subscription: null, sent: false, removals: [] });
    let state = wantOn(readPushState(storage), null); // on, offline: nothing to send yet
    writePushState(storage, state);
    expect(readPushState(storage)).toMatchObject({ wanted: true, sent: false });
    state = wantOn(state, sub('https://push.example/a'));
    state = markSent(state, 'https://push.example/a');
    expect(state).toMatchObject({ wanted: true, sent: true, subscription: sub('https://push.example/a') });
    // The same subscription again stays sent; a new endpoint must be sent again.
    expect(wantOn(state, sub('https://push.example/a')).sent).toBe(true);
    expect(wantOn(state, sub('https://push.example/b')).sent).toBe(false);
  });

  it('turned off, queues every endpoint the device had for removal, and forgets itself once they are sent', () => {
    const storage = new MemoryStorage();
    const on = markSent(wantOn(readPushState(storage), sub('https://push.example/a')), 'https://push.example/a');
    const off = wantOff(on, ['https://push.example/a', 'https://push.example/old']);
    expect(off).toEqual({ wanted: false, subscription: null, sent: false, removals: ['https://push.example/a', 'https://push.example/old'] });
    writePushState(storage, off);
    writePushState(storage, markRemoved(markRemoved(off, 'https://push.example/a'), 'https://push.example/old'));
    expect(storage.getItem(PUSH_STATE_KEY)).toBeNull();
  });

  it('turned on again, an endpoint waiting for removal is no longer removed', () => {
    const off = wantOff(wantOn(readPushState(new MemoryStorage()), sub('https://push.example/a')), []);
    expect(wantOn(off, sub('https://push.example/a')).removals).toEqual([]);
  });

  it('reads damaged storage as off', () => {
    const storage = new MemoryStorage();
    storage.setItem(PUSH_STATE_KEY, '{not json');
    expect(readPushState(storage).wanted).toBe(false);
  });
});
