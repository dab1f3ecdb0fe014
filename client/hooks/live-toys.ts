// The signed-in household's toys as a live map by id, kept from RxDB's change events one toy at
// a time (issue 22): a change to one toy copies that toy once and updates what is derived from
// the toys (the inventory's shown list, the active count, the storage places) for that toy only,
// where re-reading the whole query result copied, filtered and sorted every toy on every change.
// Screens render from it through useSyncExternalStore, at most once per frame.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Subscription } from 'rxjs';
import type { ToyDoc } from '../../shared/schemas/docs.js';
// Type only: the database code loads after sign-in.
import type { ToyDatabase } from '../db/database.js';
import { ShelfView } from '../lib/shelf-view.js';

type Stored = ToyDoc & { _rev?: unknown; _attachments?: unknown; _deleted?: unknown; _meta?: unknown };

/** The document as the app uses it: RxDB's stored data without its bookkeeping fields. */
function plain(data: Stored): ToyDoc {
  const { _rev, _attachments, _deleted, _meta, ...toy } = data;
  return toy;
}

/** Whether what bins and places are made of (place, title, retired or not) is the same. */
const sameShelving = (a: ToyDoc | undefined, b: ToyDoc | undefined) =>
  (a?.location ?? null) === (b?.location ?? null) && a?.title === b?.title && a?.retired === b?.retired && a?.mediaId === b?.mediaId;

// Outside a browser (tests in Node) a frame is a timer.
const nextFrame = (callback: () => void): number =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(callback) : Number(setTimeout(callback, 16));
const cancelFrame = (frame: number) => (typeof cancelAnimationFrame === 'function' ? cancelAnimationFrame(frame) : clearTimeout(frame));

export class LiveToys {
  private readonly byId = new Map<string, ToyDoc>();
  private readonly listeners = new Set<() => void>();
  private subscription: Subscription | null = null;
  private shelf: { view: ShelfView<ToyDoc>; matches: (toy: ToyDoc) => boolean; order: (a: ToyDoc, b: ToyDoc) => number } | null = null;
  private placesCache: ToyDoc[] | null = null;
  private frame = 0;
  private closed = false;
  /** Bumped when screens should render again (once per frame at most). */
  private shownVersion = 0;
  ready = false;
  activeCount = 0;

  constructor(private readonly db: ToyDatabase) {}

  /** Follows the collection: changes first (held until the first read is in), then the first read. */
  async open(): Promise<void> {
    // A change seen while the first read runs is as new as the read or newer: it wins over the
    // read for its toy (a delete too), and later changes arrive after it.
    const changedWhileReading = new Set<string>();
    this.subscription = this.db.toys.$.subscribe((event) => {
      if (!this.ready) changedWhileReading.add(event.documentId);
      this.change(event.documentId, event.operation === 'DELETE' ? undefined : plain(event.documentData as Stored));
    });
    const docs = await this.db.toys.find().exec();
    if (this.closed) return;
    for (const doc of docs) if (!changedWhileReading.has(doc.id)) this.set(doc.id, doc.toJSON() as ToyDoc);
    this.ready = true;
    this.shelf = null;
    this.show(true);
  }

  close(): void {
    this.closed = true;
    this.subscription?.unsubscribe();
    if (this.frame) cancelFrame(this.frame);
    this.listeners.clear();
  }

  get = (id: string | null): ToyDoc | undefined => (id === null ? undefined : this.byId.get(id));

  get size(): number {
    return this.byId.size;
  }

  all(): IterableIterator<ToyDoc> {
    return this.byId.values();
  }

  /**
   * The shown list for this filter and order (built once for them, then kept up to date with
   * each change). Pass the same functions to get the same list: new ones build it again.
   */
  shelfFor(matches: (toy: ToyDoc) => boolean, order: (a: ToyDoc, b: ToyDoc) => number): ShelfView<ToyDoc> {
    if (!this.shelf || this.shelf.matches !== matches || this.shelf.order !== order) {
      this.shelf = { view: new ShelfView(this.byId.values(), matches, order), matches, order };
    }
    return this.shelf.view;
  }

  /**
   * Every toy with a storage place, the same array until a toy's place, title, retirement or
   * photo changes (places, bin labels and a place's page are made from those alone).
   */
  withPlaces(): ToyDoc[] {
    this.placesCache ??= [...this.byId.values()].filter((toy) => toy.location);
    return this.placesCache;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  version = (): number => this.shownVersion;

  private change(id: string, after: ToyDoc | undefined): void {
    const before = this.set(id, after);
    if (!this.ready) return;
    this.shelf?.view.apply([{ before, after }]);
    this.show(false);
  }

  /** Stores one toy (or deletes it) and updates the counts; returns what it was. */
  private set(id: string, after: ToyDoc | undefined): ToyDoc | undefined {
    const before = this.byId.get(id);
    if (after) this.byId.set(id, after);
    else this.byId.delete(id);
    this.activeCount += (after && !after.retired ? 1 : 0) - (before && !before.retired ? 1 : 0);
    if (!sameShelving(before, after)) this.placesCache = null;
    return before;
  }

  private show(now: boolean): void {
    const notify = () => {
      this.frame = 0;
      this.shownVersion++;
      for (const listener of this.listeners) listener();
    };
    if (now) notify();
    else if (!this.frame) this.frame = nextFrame(notify);
  }
}

/**
 * The household's toys, live (null until the database is open and first read). The component
 * renders again at most once per frame after changes; read from the store during render.
 */
export function useLiveToys(db: ToyDatabase | null): { live: LiveToys | null; version: number } {
  const [live, setLive] = useState<LiveToys | null>(null);
  useEffect(() => {
    if (!db) return;
    const store = new LiveToys(db);
    let current = true;
    void store.open().then(
      () => current && setLive(store),
      (error: unknown) => console.error('Could not read the toys', error),
    );
    return () => {
      current = false;
      store.close();
      setLive(null);
    };
  }, [db]);
  const version = useSyncExternalStore(live?.subscribe ?? noSubscription, live?.version ?? noVersion);
  return { live: live && live.ready ? live : null, version };
}

const noSubscription = () => () => {};
const noVersion = () => 0;
