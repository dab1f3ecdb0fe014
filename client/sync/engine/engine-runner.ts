import { BehaviorSubject, Subject } from 'rxjs';
import { settled } from '../protocol.js';
import { pushesReleased } from '../push-hold.js';
import type { EngineState } from './engine-state.js';
import { storedTable } from './engine-state.js';
import { SYNC_WRITE_CONTEXT } from './local-docs.js';
import type { Input, TableEngineOptions } from './engine-types.js';

// The engine's running state and its one queue: events are handled one at a time, in order;
// requests run beside the queue and come back into it as events. Activity (queued events,
// requests on their way, a push waiting for an import's hold) is what `active$` reports.

export type Runner = ReturnType<typeof engineRunner>;

export function engineRunner(options: TableEngineOptions, handle: (self: Runner, input: Input) => Promise<void>) {
  const { collection } = options;
  const active$ = new BehaviorSubject(false);
  const error$ = new Subject<unknown>();
  const self = {
    options,
    state: null as EngineState | null,
    retryTime: options.retryMs,
    stopped: false,
    paused: false,
    started: false,
    busy: 0,
    chain: Promise.resolve(),
    pushScheduled: false,
    retryTimer: null as ReturnType<typeof setTimeout> | null,
    restoredFrom: 0,
    givingBack: false,
    subscription: null as { unsubscribe(): void } | null,
    active$,
    error$,
    enqueue(input: Input): void {
      if (self.stopped || !self.started) return;
      if (self.paused && (input.type === 'pull' || input.type === 'push')) return;
      self.work(() => handle(self, input));
    },
    /** Counts a piece of work as activity while it runs; the queue runs one at a time. */
    work(task: () => Promise<void>): void {
      self.track(+1);
      self.chain = self.chain
        .then(() => (self.stopped ? undefined : task()))
        .catch((error: unknown) => self.failed(error))
        .finally(() => self.track(-1));
    },
    track(delta: number): void {
      self.busy += delta;
      const now = self.busy > 0;
      if (active$.getValue() !== now && !self.stopped) active$.next(now);
    },
    failed(error: unknown): void {
      if (self.stopped) return;
      options.onError(error);
      error$.next(error);
      if (self.retryTimer) return;
      self.retryTimer = setTimeout(() => {
        self.retryTimer = null;
        self.enqueue({ type: 'pull' });
        self.schedulePush();
      }, self.retryTime);
    },
    schedulePush(): void {
      if (self.pushScheduled || self.stopped) return;
      self.pushScheduled = true;
      self.track(+1);
      void pushesReleased(collection.database.name).then(() => {
        self.pushScheduled = false;
        self.track(-1);
        if (!self.givingBack) self.enqueue({ type: 'push' });
      });
    },
    start: () => start(self),
    pause(): void {
      self.paused = true;
    },
    repullFromStart: () => repullFromStart(self),
    cancel: () => cancel(self),
    async awaitInSync(): Promise<void> {
      while (!self.stopped && !(self.state && self.busy === 0 && settled(self.state))) await new Promise((resolve) => setTimeout(resolve, 20));
    },
  };
  return self;
}


function start(self: Runner): void {
  if (self.stopped) return;
  self.paused = false;
  if (!self.started) {
    self.started = true;
    self.subscription = self.options.collection.eventBulks$.subscribe((bulk) => {
      // The engine's own writes are what its state already holds. A local write that landed
      // first was rebased into one of them, and that write's own event reads the document then.
      if (bulk.context === SYNC_WRITE_CONTEXT) return;
      self.enqueue({ type: 'changed', ids: bulk.events.map((event) => String(event.documentId)) });
    });
    self.enqueue({ type: 'load' });
  }
  self.enqueue({ type: 'pull' });
  self.schedulePush();
}

/** A repair: the next pull starts from the beginning (kept across a reload like any rewind). */
function repullFromStart(self: Runner): void {
  self.work(async () => {
    if (!self.state) return;
    self.state = { ...self.state, rewind: { from: null } };
    await self.options.records.save(self.options.name, [], storedTable(self.state));
  });
  self.enqueue({ type: 'pull' });
}

async function cancel(self: Runner): Promise<void> {
  self.stopped = true;
  if (self.retryTimer) clearTimeout(self.retryTimer);
  self.subscription?.unsubscribe();
  await self.chain;
  self.active$.complete();
  self.error$.complete();
}
