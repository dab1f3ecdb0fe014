import { useEffect } from 'react';
import type { ToyDatabase } from '../../db/database.js';
import { updateToy } from '../../db/ops/toys.js';

type BenchWindow = Window & { __toyRotationBench?: { editToys(ids: string[], title: (id: string) => string): Promise<void> } };

/**
 * Only in the benchmark's build (`vite build --mode bench`, run by `npm run bench`): lets the
 * benchmark make many local changes with the inventory open, one op call each, as the screens
 * make them (issue 16's "500 changes made locally"). In every other build the mode is a
 * constant, so the body is dropped as dead code.
 */
export function useBenchHook(db: ToyDatabase | null): void {
  useEffect(() => {
    if (import.meta.env.MODE !== 'bench' || !db) return;
    const w = window as BenchWindow;
    w.__toyRotationBench = {
      async editToys(ids, title) {
        for (const id of ids) await updateToy(db, id, { title: title(id) });
      },
    };
    return () => void delete w.__toyRotationBench;
  }, [db]);
}
