import { describe, expect, it } from 'vitest';
import { readTicks, writeTicks, type TickStorage } from './swap-ticks-store.js';

/** The parts of the browser's localStorage the store uses, in memory. */
function memoryStorage(initial: Record<string, string> = {}): TickStorage & { keys(): string[] } {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    keys: () => [...items.keys()],
  };
}

describe('swap list ticks on the device', () => {
  it("ticking one child's list keeps another child's ticks", () => {
    const storage = memoryStorage();
    writeTicks(storage, 'first-child', 'r1', new Set(['out:a']));
    writeTicks(storage, 'mia', 'r2', new Set(['away:b', 'out:c']));
    expect([...readTicks(storage, 'first-child', 'r1')]).toEqual(['out:a']);
    expect([...readTicks(storage, 'mia', 'r2')].sort()).toEqual(['away:b', 'out:c']);
  });

  it("a child's new rotation starts clean and replaces only that child's older ticks", () => {
    const storage = memoryStorage();
    writeTicks(storage, 'first-child', 'r1', new Set(['out:a']));
    writeTicks(storage, 'mia', 'r2', new Set(['out:c']));
    expect(readTicks(storage, 'first-child', 'r3').size).toBe(0);
    writeTicks(storage, 'first-child', 'r3', new Set(['out:d']));
    expect(readTicks(storage, 'first-child', 'r1').size).toBe(0);
    expect([...readTicks(storage, 'first-child', 'r3')]).toEqual(['out:d']);
    expect([...readTicks(storage, 'mia', 'r2')]).toEqual(['out:c']);
    expect(storage.keys().sort()).toEqual(['swapTicks:first-child', 'swapTicks:mia']);
  });

  it('drops the older per-rotation entries and ignores what it cannot read', () => {
    const storage = memoryStorage({ 'swapTicks:old-rotation': '["out:x"]', 'swapTicks:mia': '{not json', other: 'kept' });
    expect(readTicks(storage, 'mia', 'r2').size).toBe(0);
    writeTicks(storage, 'first-child', 'r1', new Set(['out:a']));
    expect(storage.keys().sort()).toEqual(['other', 'swapTicks:first-child', 'swapTicks:mia']);
  });
});
