// Reactive reads of the signed-in user's local database. Every screen renders from these, so
// nothing waits on the network. Shared by the inventory, collections, rotation and settings
// screens (they all show the same toys and lists).
import { useEffect, useMemo, useState } from 'react';
import { map, type Observable } from 'rxjs';
import type { ListDoc, ListKind, RotationDoc, SettingsDoc, ToyDoc } from '../../shared/schemas/docs.js';
import type { ToyDatabase } from '../db/database.js';

/** The signed-in user's database (type only: the database code loads after sign-in). */
export type LocalDb = ToyDatabase;

/** The latest value of an observable, or undefined until it first emits (or while source is null). */
export function useObservable<T>(source: Observable<T> | null): T | undefined {
  const [state, setState] = useState<{ source: Observable<T>; value: T } | null>(null);
  useEffect(() => {
    if (!source) return;
    const subscription = source.subscribe((value) => setState({ source, value }));
    return () => subscription.unsubscribe();
  }, [source]);
  return state && state.source === source ? state.value : undefined;
}

type Plain<T> = { toJSON(): unknown } & T;
const plain = <T,>(docs: readonly Plain<T>[]): T[] => docs.map((doc) => doc.toJSON() as T);

export function useToys(db: LocalDb | null): ToyDoc[] | undefined {
  const source = useMemo(() => (db ? db.toys.find().$.pipe(map((docs) => plain<ToyDoc>(docs))) : null), [db]);
  return useObservable(source);
}

export function useAllLists(db: LocalDb | null): ListDoc[] | undefined {
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

export function useLists(db: LocalDb | null, kind: ListKind): ListDoc[] | undefined {
  const all = useAllLists(db);
  return useMemo(() => all?.filter((list) => list.kind === kind), [all, kind]);
}

export function useSettings(db: LocalDb | null): SettingsDoc | null | undefined {
  const source = useMemo(
    () => (db ? db.settings.findOne().$.pipe(map((doc) => (doc ? (doc.toJSON() as SettingsDoc) : null))) : null),
    [db],
  );
  return useObservable(source);
}

/** Rotation history, newest first. */
export function useRotations(db: LocalDb | null): RotationDoc[] | undefined {
  const source = useMemo(
    () =>
      db
        ? db.rotations.find().$.pipe(map((docs) => plain<RotationDoc>(docs).sort((a, b) => b.createdAt - a.createdAt)))
        : null,
    [db],
  );
  return useObservable(source);
}

/** id -> name of every category and collection, for cards and details. */
export function useListNames(lists: ListDoc[] | undefined): Map<string, string> {
  return useMemo(() => new Map((lists ?? []).map((list) => [list.id, list.name])), [lists]);
}
