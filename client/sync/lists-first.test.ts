import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { TableEngine } from './engine/table-engine.js';
import { listsPushedBefore } from './lists-first.js';

// A toys push waits for the lists push of the lists its toys name (decision 008), including a
// list the lists engine has not seen yet: made just before the toy, or before the engine loaded.

/** A lists engine whose queue has not yet handled the change that made `cat-blocks`. */
function listsEngineBehind() {
  let waiting: string[] = [];
  let catchUp = () => {};
  const caughtUp = new Promise<void>((resolve) => {
    catchUp = () => {
      waiting = ['cat-blocks'];
      resolve();
    };
  });
  const engine = { error$: new Subject<unknown>(), isStopped: () => false, waitingIds: () => waiting, caughtUp: () => caughtUp } as unknown as TableEngine;
  return { engine, catchUp, acknowledge: () => (waiting = []) };
}

describe('a toys push naming a list', () => {
  it('waits for a list the lists engine has not seen yet, then for its push', async () => {
    const lists = listsEngineBehind();
    let released = false;
    const waitingForLists = listsPushedBefore(lists.engine, [{ id: 't1', categoryId: 'cat-blocks', collectionIds: [] }]).then(() => (released = true));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(released).toBe(false); // the engine has not caught up: its waiting ids are not the whole truth
    lists.catchUp();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(released).toBe(false); // the list now waits for its push
    lists.acknowledge();
    await waitingForLists;
    expect(released).toBe(true);
  });

  it('goes at once when its toys name no list waiting', async () => {
    const lists = listsEngineBehind();
    lists.catchUp();
    await listsPushedBefore(lists.engine, [{ id: 't1', categoryId: 'uncategorized', collectionIds: [] }]);
  });
});
