import { useEffect } from 'react';
import type { ToyDatabase } from '../../db/database.js';
import { updateToy, updateToys } from '../../db/ops/toys.js';

type BenchWindow = Window & { __toyRotationBench?: { editToys(ids: string[], title: (id: string) => string, together: boolean): Promise<void> } };

/**
 * Only in the benchmark's build (`vite build --mode bench`, run by `npm run bench`): lets the
 * benchmark make many local changes with the inventory open (issue 16's "500 changes made
 * locally"): `together`, in one bulk edit (updateToys, as adding toys to a collection or an
 * import writes); otherwise one op call each, awaited in turn, as a parent editing toy after toy.
 * In every other build the mode is a constant, so the body is dropped as dead code.
 */
export function useBenchHook(db: ToyDatabase | null): void {
  useEffect(() => {
    if (import.meta.env.MODE !== 'bench' || !db) return;
    const w = window as BenchWindow;
    w.__toyRotationBench = {
      async editToys(ids, title, together) {
        if (together) return updateToys(db, ids.map((id) => ({ id, patch: { title: title(id) } })));
        for (const id of ids) await updateToy(db, id, { title: title(id) });
      },
    };
    return () => void delete w.__toyRotationBench;
  }, [db]);
}
