import { describe, expect, test } from 'vitest';
import { askPersistentStorageOnce } from './storage.js';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

function fakeManager(answer: boolean) {
  const calls = { persist: 0 };
  const manager = {
    persisted: async () => false,
    persist: async () => {
      calls.persist++;
      return answer;
    },
  };
  return { manager, calls };
}

describe('askPersistentStorageOnce', () => {
  test('asks once per household, even when the browser says no', async () => {
    const storage = memoryStorage();
    const { manager, calls } = fakeManager(false);
    expect(await askPersistentStorageOnce('ann', storage, manager)).toBe(false);
    expect(await askPersistentStorageOnce('ann', storage, manager)).toBeNull();
    expect(calls.persist).toBe(1);
    expect(await askPersistentStorageOnce('bob', storage, manager)).toBe(false);
    expect(calls.persist).toBe(2);
  });

  test('does not ask when the data is already persistent, or the browser cannot', async () => {
    const storage = memoryStorage();
    const { manager, calls } = fakeManager(true);
    expect(await askPersistentStorageOnce('ann', storage, { ...manager, persisted: async () => true })).toBe(true);
    expect(calls.persist).toBe(0);
    expect(await askPersistentStorageOnce('bob', storage, undefined)).toBe(false);
  });

  test('a browser error counts as a refusal', async () => {
    const storage = memoryStorage();
    const failing = { persisted: async () => false, persist: async () => Promise.reject(new Error('no')) };
    expect(await askPersistentStorageOnce('ann', storage, failing)).toBe(false);
  });
});
