import { EventEmitter } from 'node:events';
import type { Kysely, Transaction } from 'kysely';
import type { Database, ReplicatedTable } from '../db/schema.js';

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

export type ChangeEvent = { userId: string; collections: ReplicatedTable[] };

/**
 * In-process fan-out of "this user's data changed" to live sync streams. Publish after the
 * transaction commits. (Several server instances would relay this through the database,
 * e.g. PostgreSQL LISTEN/NOTIFY; one process needs no more.)
 */
export class ChangeFeed {
  readonly #emitter = new EventEmitter();

  constructor() {
    this.#emitter.setMaxListeners(0); // one listener per open stream; no leak warning at scale
  }

  publish(userId: string, collections: ReplicatedTable[]): void {
    this.#emitter.emit(userId, { userId, collections } satisfies ChangeEvent);
  }

  subscribe(userId: string, listener: (event: ChangeEvent) => void): () => void {
    this.#emitter.on(userId, listener);
    return () => this.#emitter.off(userId, listener);
  }
}
