import { describe, expect, test } from 'vitest';
import { flushRevocations, pendingRevocations, PENDING_REVOCATIONS_KEY, queueRevocation, type RevokeResult } from './pending-revocations.js';
import { MemoryStorage } from '../lib/memory-storage.js';


describe('pending revocations (issue 9, fault 5: Log Out offline must still end the session)', () => {
  test('a queued token waits until the server answers, then is forgotten', async () => {
    const storage = new MemoryStorage();
    queueRevocation(storage, 'tok-1');
    queueRevocation(storage, 'tok-1');
    queueRevocation(storage, 'tok-2');
    expect(pendingRevocations(storage)).toEqual(['tok-1', 'tok-2']);

    const sent: string[] = [];
    const offline = async (token: string): Promise<RevokeResult> => (sent.push(token), 'retry');
    expect(await flushRevocations(storage, offline)).toBe(2);
    expect(pendingRevocations(storage)).toEqual(['tok-1', 'tok-2']);

    const online = async (token: string): Promise<RevokeResult> => (sent.push(token), token === 'tok-2' ? 'done' : 'retry');
    expect(await flushRevocations(storage, online)).toBe(1);
    expect(pendingRevocations(storage)).toEqual(['tok-1']);
    expect(await flushRevocations(storage, async () => 'done')).toBe(0);
    expect(storage.getItem(PENDING_REVOCATIONS_KEY)).toBeNull();
    expect(sent).toEqual(['tok-1', 'tok-2', 'tok-1', 'tok-2']);
  });

  test('a token queued during a flush (another tab, or a second Log Out) is sent in it, and kept if it fails', async () => {
    const storage = new MemoryStorage();
    queueRevocation(storage, 'tok-1');
    const sent: string[] = [];
    await flushRevocations(storage, async (token) => {
      sent.push(token);
      if (token === 'tok-1') {
        queueRevocation(storage, 'tok-other-tab');
        return 'done';
      }
      return 'retry';
    });
    expect(sent).toEqual(['tok-1', 'tok-other-tab']);
    expect(pendingRevocations(storage)).toEqual(['tok-other-tab']);
  });

  test('unreadable storage counts as nothing waiting', () => {
    const storage = new MemoryStorage();
    storage.setItem(PENDING_REVOCATIONS_KEY, '{not json');
    expect(pendingRevocations(storage)).toEqual([]);
  });
});
