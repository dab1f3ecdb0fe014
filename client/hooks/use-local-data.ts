// Reactive reads of the signed-in user's local database. Every screen renders from these, so
// nothing waits on the network. Shared by the inventory, collections, rotation and settings
// screens (they all show the same toys and lists).
import { useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { map, type Observable } from 'rxjs';
import { newestRotationFirst } from '../../shared/domain/rotation-order.js';
import type { ListDoc, ListKind, RotationDoc, SettingsDoc, ToyDoc } from '../../shared/schemas/docs.js';
// Type only: the database code loads after sign-in.
import type { ToyDatabase } from '../db/database.js';

/**
 * The latest value of an observable, or undefined until it first emits (or while source is null).
 * The first value renders at once; later ones at most once per frame, just before it paints (a
 * burst of local writes, e.g. 500 changes, re-rendered the screen once per write: issue 16). In a
 * hidden tab nothing renders until it is shown again, with the latest value.
 */
function useObservable<T>(source: Observable<T> | null): T | undefined {
  const [state, setState] = useState<{ source: Observable<T>; value: T } | null>(null);
  useEffect(() => {
    if (!source) return;
    let first = true;
    let frame = 0;
    let latest: T;
    const show = () => {
      frame = 0;
      // Rendered inside the frame callback, so the change is painted in this frame, not the next.
      flushSync(() => setState({ source, value: latest }));
    };
    const subscription = source.subscribe((value) => {
      latest = value;
      if (first) {
        first = false;
        setState({ source, value });
      } else if (!frame) {
        frame = nextFrame(show);
      }
    });
    return () => {
      subscription.unsubscribe();
      if (frame) cancelFrame(frame);
    };
  }, [source]);
  return state && state.source === source ? state.value : undefined;
}

// Outside a browser (tests in Node) a frame is a timer.
const nextFrame = (callback: () => void): number =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(callback) : Number(setTimeout(callback, 16));
const cancelFrame = (frame: number) => (typeof cancelAnimationFrame === 'function' ? cancelAnimationFrame(frame) : clearTimeout(frame));

type Plain<T> = { toJSON(): unknown } & T;
/**
 * Plain copies by document: RxDB hands out the same document object until that document
 * changes, so after a change only the changed documents are copied again, and the others keep
 * their copy (the same object, so memoized cards do not re-render). 2,000 toys made every
 * change copy 2,000 documents (issue 16).
 */
const plainCopies = new WeakMap<object, unknown>();
const plain = <T,>(docs: readonly Plain<T>[]): T[] =>
  docs.map((doc) => {
    let copy = plainCopies.get(doc) as T | undefined;
    if (copy === undefined) {
      copy = doc.toJSON() as T;
      plainCopies.set(doc, copy);
    }
    return copy;
  });

export function useToys(db: ToyDatabase | null): ToyDoc[] | undefined {
  const source = useMemo(() => (db ? db.toys.find().$.pipe(map((docs) => plain<ToyDoc>(docs))) : null), [db]);
  return useObservable(source);
}

export function useAllLists(db: ToyDatabase | null): ListDoc[] | undefined {
  const source = useMemo(
    () =>
      db
        ? db.lists.find().$.pipe(
            map((docs) => plain<ListDoc>(docs).sort((a, b) => a.position - b.position || a.createdAt - b.createdAt)),
          )
        : null,
    [db],
  );
  return useObservable(source);
}

export function useLists(db: ToyDatabase | null, kind: ListKind): ListDoc[] | undefined {
  const all = useAllLists(db);
  return useMemo(() => all?.filter((list) => list.kind === kind), [all, kind]);
}

export function useSettings(db: ToyDatabase | null): SettingsDoc | null | undefined {
  const source = useMemo(
    () => (db ? db.settings.findOne().$.pipe(map((doc) => (doc ? (doc.toJSON() as SettingsDoc) : null))) : null),
    [db],
  );
  return useObservable(source);
}

/** Rotation history, newest first in the server's order (decision 008), not by device clock. */
export function useRotations(db: ToyDatabase | null): RotationDoc[] | undefined {
  const source = useMemo(
    () =>
      db
        ? db.rotations.find().$.pipe(map((docs) => plain<RotationDoc>(docs).sort(newestRotationFirst)))
        : null,
    [db],
  );
  return useObservable(source);
}

/** id -> name of every category and collection, for cards and details. */
export function useListNames(lists: ListDoc[] | undefined): Map<string, string> {
  return useMemo(() => new Map((lists ?? []).map((list) => [list.id, list.name])), [lists]);
}
