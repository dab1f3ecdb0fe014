import { EventEmitter } from 'node:events';
import type { Kysely, Transaction } from 'kysely';
import { REPLICATED_TABLES, type Database, type HouseholdId, type ReplicatedTable } from '../db/schema.js';

/**
 * The server is the clock of replication: every stored change to a replicated table takes
 * the next value of one monotonic counter (never the client's time). Call inside the
 * transaction that writes the row, so a sequence is never visible before its data.
 */
export async function nextSeq(trx: Transaction<Database> | Kysely<Database>): Promise<number> {
  const row = await trx
    .updateTable('change_clock')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('id', '=', 1)
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/**
 * A household's data changed. `userId` is the feed's key (and its field on the wire between
 * instances): for a change it holds the household id, which publish and subscribe insist on.
 */
export type ChangeEvent = { kind: 'change'; userId: string; collections: ReplicatedTable[] };

/**
 * Some session of the user ended, or no longer acts on its household (logout, password reset,
 * account deletion, joining, leaving or removal): each live stream of the user checks its own
 * session and closes if it is gone. It names no session: only user ids and collection names
 * travel between instances.
 */
export type SessionsEndedEvent = { kind: 'sessions-ended'; userId: string };

/** Every event the feed carries: user ids and collection names, never user data or secrets. */
export type FeedEvent = ChangeEvent | SessionsEndedEvent;

/** Carries each published event to the other server instances (postgres-feed-relay.ts). */
export type FeedRelay = { send(event: FeedEvent): void };

/**
 * Fan-out of "this user's data changed" and "these sessions ended" to live sync streams.
 * Publish after the transaction commits. Events go to this instance's streams at once and,
 * with a relay attached (several instances on PostgreSQL), to every other instance's too.
 */
export class ChangeFeed {
  readonly #emitter = new EventEmitter();
  #relay: FeedRelay | undefined;

  constructor() {
    this.#emitter.setMaxListeners(0); // one listener per open stream; no leak warning at scale
  }

  relayTo(relay: FeedRelay | undefined): void {
    this.#relay = relay;
  }

  /** The one way in for every event: delivered here, and relayed to the other instances. */
  emit(event: FeedEvent): void {
    this.deliver(event);
    this.#relay?.send(event);
  }

  publish(householdId: HouseholdId, collections: ReplicatedTable[]): void {
    this.emit({ kind: 'change', userId: householdId, collections });
  }

  /** After the change commits: the user's live streams whose session ended (on any instance) close. */
  sessionsEnded(userId: string): void {
    this.emit({ kind: 'sessions-ended', userId });
  }

  /** Hands an event to this instance's streams of its user (the relay calls this for other instances' events). */
  deliver(event: FeedEvent): void {
    this.#emitter.emit(event.userId, event);
  }

  /**
   * Events may have been missed (a lost relay connection): every open stream pulls every
   * collection and checks its session.
   */
  resyncAll(): void {
    for (const userId of this.#emitter.eventNames()) {
      if (typeof userId !== 'string') continue;
      this.deliver({ kind: 'change', userId, collections: [...REPLICATED_TABLES] });
      this.deliver({ kind: 'sessions-ended', userId });
    }
  }

  subscribe(householdId: HouseholdId, listener: (event: ChangeEvent) => void): () => void {
    return this.#listen(householdId, (event) => {
      if (event.kind === 'change') listener(event);
    });
  }

  onSessionsEnded(userId: string, listener: (event: SessionsEndedEvent) => void): () => void {
    return this.#listen(userId, (event) => {
      if (event.kind === 'sessions-ended') listener(event);
    });
  }

  #listen(userId: string, listener: (event: FeedEvent) => void): () => void {
    this.#emitter.on(userId, listener);
    return () => this.#emitter.off(userId, listener);
  }
}
