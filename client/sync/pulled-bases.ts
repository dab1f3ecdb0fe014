import Dexie, { type Table } from 'dexie';
import { deepEqual } from 'rxdb';
import { answeredBase } from './composed-base.js';

// The last state agreed with the server per document (pulled, or pushed and acknowledged),
// kept across reloads. RxDB records that state as the assumed master state only after it
// wrote the pulled document or got the push's answer; a reload (or a stop) in between leaves
// the document with no base, and a later local edit would be pushed without one: the server
// takes that for a replayed create and keeps its own state, losing the edit (found by the
// randomized test's offline reloads). The push fills a missing base from here.

// It also keeps every push until it is answered (keys `sent:{collection}:{id}`, decision
// 015): a row still there on the next page load is a push the server may or may not have
// stored, whose answer was lost with the page.

// A conflict's answer is kept with the state it answered (`sent`): RxDB writes the answer
// over the document only if it was not edited during the round trip, so a later push of an
// edited document is measured against either (composed-base.ts, answeredBase).

type Doc = Record<string, unknown>;
type Row = { key: string; doc: Doc; base?: Doc; sent?: Doc };
/** A push on its way: the state sent and the base it was sent on. */
export type SentPush = { doc: Doc; base: Doc | undefined };

function pulledBasesName(databaseName: string): string {
  return `${databaseName}-pulled-bases`;
}

export type PulledBases = {
  remember(collection: string, docs: Record<string, unknown>[]): Promise<void>;
  /** The server's states answered as conflicts to pushes of `sent`. */
  rememberAnswers(collection: string, answers: { doc: Doc; sent: Doc }[]): Promise<void>;
  /** The base for pushing each of these local states (by id), where one is known. */
  lookup(collection: string, locals: Doc[]): Promise<Map<string, Record<string, unknown>>>;
  /** Pushes about to be sent, kept until answered. */
  sending(collection: string, pushes: SentPush[]): Promise<void>;
  /**
   * These pushes were answered. With `sent`, a record is dropped only while it still holds that
   * state (a later push of the document may have replaced it).
   */
  answered(collection: string, ids: string[], sent?: Doc[]): Promise<void>;
  /** The pushes not answered yet, by document id. */
  unanswered(collection: string): Promise<Map<string, SentPush>>;
  close(): void;
};

export function openPulledBases(databaseName: string): PulledBases {
  const db = new Dexie(pulledBasesName(databaseName)) as Dexie & { bases: Table<Row, string> };
  db.version(1).stores({ bases: '&key' });
  return {
    async remember(collection, docs) {
      if (docs.length === 0) return;
      await db.bases.bulkPut(docs.map((doc) => ({ key: `${collection}:${String(doc.id)}`, doc })));
    },
    async rememberAnswers(collection, answers) {
      if (answers.length === 0) return;
      await db.bases.bulkPut(answers.map(({ doc, sent }) => ({ key: `${collection}:${String(doc.id)}`, doc, sent })));
    },
    async lookup(collection, locals) {
      const rows = await db.bases.bulkGet(locals.map((local) => `${collection}:${String(local.id)}`));
      const out = new Map<string, Doc>();
      rows.forEach((row, i) => {
        if (row) out.set(String(row.doc.id), row.sent ? answeredBase(row.doc, row.sent, locals[i]!) : row.doc);
      });
      return out;
    },
    async sending(collection, pushes) {
      if (pushes.length === 0) return;
      await db.bases.bulkPut(pushes.map(({ doc, base }) => ({ key: `sent:${collection}:${String(doc.id)}`, doc, ...(base ? { base } : {}) })));
    },
    async answered(collection, ids, sent) {
      if (ids.length === 0) return;
      const keys = ids.map((id) => `sent:${collection}:${id}`);
      if (!sent) return db.bases.bulkDelete(keys);
      await db.transaction('rw', db.bases, async () => {
        const rows = await db.bases.bulkGet(keys);
        const still = rows.filter((row): row is Row => !!row && sent.some((doc) => deepEqual(doc, row.doc))).map((row) => row.key);
        await db.bases.bulkDelete(still);
      });
    },
    async unanswered(collection) {
      const rows = await db.bases.where('key').startsWith(`sent:${collection}:`).toArray();
      return new Map(rows.map((row) => [String(row.doc.id), { doc: row.doc, base: row.base }]));
    },
    close: () => db.close(),
  };
}

/** Logout: the user's remembered bases go with the database. */
export async function deletePulledBases(databaseName: string): Promise<void> {
  await Dexie.delete(pulledBasesName(databaseName));
}
