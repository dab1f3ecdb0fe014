import type { SyncedTable, SyncedDoc, SyncedReplication } from './rx-types.js';
import { concatMap, Subject } from 'rxjs';
import { deepEqual, type RxReplicationPullStreamItem } from 'rxdb';
import { replicateRxCollection } from 'rxdb/plugins/replication';
import type { SyncTable } from '../../shared/schemas/docs.js';
import { pullResponseSchema, pushResponseSchema, SYNC_CHECKPOINT_HEADER, SYNC_NOTICE_HEADER, type PullResponse, type SyncCheckpoint, type WireDoc } from '../../shared/schemas/sync.js';
import { readAnswer } from './answers.js';
import { ServerError, type HttpClient } from './http.js';
import { composedBase } from './composed-base.js';
import type { PulledBases, SentPush } from './pulled-bases.js';
import { pushesReleased } from './push-hold.js';
import { pushWindow } from './push-window.js';
import { recordAcknowledged } from './record-acknowledged.js';
import type { Reconvergence } from './reconverge.js';
import { serverShape, unpushedAmong } from './unpushed.js';

export type TableSync = {
  replication: SyncedReplication;
  /** Emit 'RESYNC' to make the collection pull (stream events, reconnects). */
  pullStream: Subject<RxReplicationPullStreamItem<SyncedDoc, SyncCheckpoint>>;
  /** A repair: the next pull (once no push is running) starts from the beginning. */
  repullFromStart(): void;
};

/**
 * One collection's RxDB replication against /api/sync/{name}/pull and /push. Errors go to
 * `onError` (which sorts out 401 and offline) and are rethrown so RxDB retries later.
 */
export function replicateTable(options: {
  name: SyncTable;
  collection: SyncedTable;
  http: HttpClient;
  retryMs: number;
  batchSize: number;
  onSuccess: () => void;
  onError: (error: unknown) => never;
  onNotice: (message: string) => void;
  /** The server went back in time: the device gives it back everything it holds (reconverge.ts). */
  reconvergence: Reconvergence;
  /** Runs before each push with the states about to be sent (toys: upload their photos first). */
  beforePush?: (docs: Record<string, unknown>[]) => Promise<void>;
  bases: PulledBases;
}): TableSync {
  const { name, http } = options;
  // The last server state pulled per document, persistent (pulled-bases.ts): fills the base of
  // a push when RxDB has none for a document that came from the server.
  const bases = options.bases;
  const pullStream = new Subject<RxReplicationPullStreamItem<SyncedDoc, SyncCheckpoint>>();
  // Fault 12 of issue 9 (decision 007): RxDB's downstream skips a pulled document that holds
  // an unacknowledged local write, yet moves its checkpoint past it. When that pulled state is
  // the server's merge of the very push in flight, the device never sees the merge. So a pull
  // that brings such documents remembers where it started, and once the push is acknowledged
  // (the upstream idle), the next pull starts from there again.
  let rewindTo: { checkpoint: SyncCheckpoint | undefined } | null = null;
  const older = (a: SyncCheckpoint | undefined, b: SyncCheckpoint | undefined) =>
    !a || !b ? undefined : a.seq < b.seq || (a.seq === b.seq && a.id <= b.id) ? a : b;
  // Where this device's pulls stand, sent with every push (decision 007): the first push of a
  // session waits for the first pull, which is what tells the device whether the server went
  // back in time. Until it has reconverged, nothing is merged against a base the server lost.
  let pulledTo: SyncCheckpoint | undefined;
  // Pushes of an earlier page load that were never answered (decision 015): the server may
  // or may not have stored them. Read before this load sends anything.
  const lost: Promise<Map<string, SentPush>> = bases.unanswered(name).catch(() => new Map());
  let lostReplayed = false;
  // Decision 015: a pull answered while a push is in flight (or failed and waits for RxDB's
  // retry, or is answered but not yet recorded) may carry a state RxDB would write over the
  // newer local one. So the documents in that window during a pull are left out of that
  // pull's result and pulled again (the rewind) once the push is recorded (push-window.ts).
  const window = pushWindow(() => replication);
  let sentDuringPull: Set<string> | null = null;
  let firstPullDone!: () => void;
  const firstPull = new Promise<void>((resolve) => (firstPullDone = resolve));
  const pull = async (from: SyncCheckpoint | undefined, batchSize: number): Promise<PullResponse> => {
    const query = new URLSearchParams({ batchSize: String(batchSize) });
    if (from) query.set('checkpoint', JSON.stringify(from));
    return readAnswer(await http.request(`/api/sync/${name}/pull?${query}`), pullResponseSchema);
  };
  const send = (rows: unknown[], checkpoint: SyncCheckpoint | undefined) =>
    http.request(`/api/sync/${name}/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(checkpoint ? { [SYNC_CHECKPOINT_HEADER]: JSON.stringify(checkpoint) } : {}) },
      body: JSON.stringify(rows),
    });
  /**
   * After the first pull of a page load: a lost push of a document that RxDB now takes for
   * pushed (the parent set it back to the base RxDB still holds) would never be sent again,
   * and the server would keep what the lost push stored. Push it now against the composed
   * base. Documents RxDB pushes itself get that base in the push handler. Returns the
   * server's state of documents it answered as conflicts, to be applied like pulled ones.
   */
  const replayLostPushes = async (checkpoint: SyncCheckpoint | undefined): Promise<{ ids: Set<string>; conflicts: WireDoc[] }> => {
    const pending = await lost;
    const meta = replication.metaInstance;
    if (pending.size === 0 || !meta) return { ids: new Set(), conflicts: [] };
    const ids = [...pending.keys()];
    const rxdbPushes = await unpushedAmong(meta, options.collection, ids);
    const mine = ids.filter((id) => !rxdbPushes.has(id));
    const locals = await options.collection.storageInstance.findDocumentsById(mine, true);
    const rows = locals
      .map((doc) => {
        const local = serverShape(doc as Record<string, unknown>);
        const push = pending.get(local.id as string)!;
        return { newDocumentState: local, assumedMasterState: composedBase(push.base, push.doc, local) };
      })
      .filter((row) => !deepEqual(row.newDocumentState, row.assumedMasterState));
    let conflicts: WireDoc[] = [];
    if (rows.length > 0) {
      const response = await send(rows, checkpoint);
      conflicts = await readAnswer(response, pushResponseSchema);
      const answered = new Set(conflicts.map((doc) => doc.id));
      await bases.remember(name, [...rows.map((row) => row.newDocumentState).filter((doc) => !answered.has(doc.id as string)), ...conflicts]);
    }
    await bases.answered(name, mine);
    for (const id of mine) pending.delete(id);
    return { ids: new Set(rows.map((row) => row.newDocumentState.id as string)), conflicts };
  };
  // The server went back in time (restored from a backup): give it back what this device
  // holds, every collection in order (reconverge.ts); the caller then takes everything from the start.
  const reconverge = (restoredFrom: number) => options.reconvergence.giveBack(restoredFrom);
  const replication = replicateRxCollection<SyncedDoc, SyncCheckpoint>({
    replicationIdentifier: `toy-rotation-sync-${name}`,
    collection: options.collection,
    live: true,
    retryTime: options.retryMs,
    waitForLeadership: true,
    pull: {
      batchSize: options.batchSize,
      // A RESYNC also makes the upstream push what changed: not while an import writes (push-hold.ts).
      stream$: pullStream.pipe(
        concatMap(async (item) => {
          await pushesReleased(options.collection.database.name);
          return item;
        }),
      ),
      handler: async (checkpoint, batchSize) => {
        try {
          const upstreamBusy = replication.internalReplicationState?.events.active.up.getValue() ?? true;
          if (rewindTo && !upstreamBusy) {
            checkpoint = older(checkpoint, rewindTo.checkpoint);
            rewindTo = null;
          }
          sentDuringPull = window.snapshot();
          let body = await pull(checkpoint, batchSize);
          if (body.reset) {
            await reconverge(body.reset.restoredFrom);
            body = await pull(undefined, batchSize);
            // Everything held was just given back: the lost pushes with it.
            const pending = await lost;
            await bases.answered(name, [...pending.keys()]);
            pending.clear();
          }
          let documents = body.documents;
          if (!lostReplayed) {
            // Replayed documents: what was pulled is older than the replay (which answers the
            // conflicts, and a change event brings any merge it stored).
            const replayed = await replayLostPushes(body.checkpoint ?? checkpoint);
            lostReplayed = true;
            documents = [...documents.filter((doc) => !replayed.ids.has(doc.id)), ...replayed.conflicts];
          }
          const overtaken = sentDuringPull;
          sentDuringPull = null;
          if (documents.some((doc) => overtaken.has(doc.id))) {
            documents = documents.filter((doc) => !overtaken.has(doc.id));
            rewindTo = { checkpoint: rewindTo ? older(rewindTo.checkpoint, checkpoint) : checkpoint };
          }
          const ids = documents.map((doc) => doc.id);
          const meta = replication.metaInstance;
          const unpushed = meta ? await unpushedAmong(meta, options.collection, ids) : new Set<string>();
          if (unpushed.size > 0) {
            rewindTo = { checkpoint: rewindTo ? older(rewindTo.checkpoint, checkpoint) : checkpoint };
          }
          // Only what RxDB writes is agreed: it skips a document holding a local write the
          // server has not acknowledged, and that write was not made on the pulled state (seed
          // 678: taken as the base, it undid another device's edit the device never saw).
          await bases.remember(name, documents.filter((doc) => !unpushed.has(doc.id)));
          options.onSuccess();
          pulledTo = body.checkpoint ?? checkpoint;
          firstPullDone();
          return { documents, checkpoint: body.checkpoint ?? checkpoint };
        } catch (error) {
          sentDuringPull = null;
          return options.onError(error);
        }
      },
    },
    push: {
      batchSize: options.batchSize,
      // Local writes go up once no import is writing (push-hold.ts): all of its writes, or none.
      waitBeforePersist: () => pushesReleased(options.collection.database.name),
      handler: async (rows) => {
        try {
          const missing = rows.filter((row) => !row.assumedMasterState).map((row) => row.newDocumentState as Record<string, unknown>);
          const known = await bases.lookup(name, missing);
          // A create's own state is the base of its later edits: if its answer is lost (a
          // reload mid-push), an edit made next is merged against it, not taken for a replay.
          const creates = rows.filter((row) => !row.assumedMasterState && !known.has((row.newDocumentState.id as string)));
          await bases.remember(name, creates.map((row) => row.newDocumentState as Record<string, unknown>));
          await firstPull;
          // A document whose earlier push was lost with the page: composed base (decision 015).
          const pending = await lost;
          const withBase = rows.map((row) => {
            const id = row.newDocumentState.id as string;
            const base = row.assumedMasterState ?? known.get(id);
            const push = pending.get(id);
            return { ...row, assumedMasterState: push ? composedBase(push.base, push.doc, row.newDocumentState) : base };
          });
          await options.beforePush?.(withBase.map((row) => row.newDocumentState as Record<string, unknown>));
          const ids = withBase.map((row) => row.newDocumentState.id as string);
          window.sending(ids);
          for (const id of ids) sentDuringPull?.add(id);
          await bases.sending(name, withBase.map((row) => ({ doc: row.newDocumentState, base: row.assumedMasterState })));
          let response: Response;
          try {
            response = await send(withBase, pulledTo);
          } catch (error) {
            if (!(error instanceof ServerError && error.status === 409)) throw error;
            const body = await pull(pulledTo, 1);
            if (!body.reset) throw error;
            await reconverge(body.reset.restoredFrom);
            pulledTo = undefined; // until the pull from the start, which the rewind asks for
            rewindTo = { checkpoint: undefined };
            response = await send(withBase, pulledTo);
          }
          const conflicts = await readAnswer(response, pushResponseSchema);
          // What RxDB is about to record as each document's base (the state sent, or the
          // server's where it answered a conflict), kept in case a reload interrupts it. A
          // conflict's answer is kept with the state it answered: RxDB does not write it over
          // an edit made during the round trip (and then records no base).
          const sentById = new Map(withBase.map((row) => [row.newDocumentState.id as string, row.newDocumentState as Record<string, unknown>]));
          const answers = conflicts.flatMap((doc) => {
            const sent = sentById.get(doc.id);
            sentById.delete(doc.id);
            return sent ? [{ doc, sent }] : [];
          });
          await bases.remember(name, [...sentById.values()]).catch(() => {}); // best effort: stopping closes it
          await bases.rememberAnswers(name, answers).catch(() => {});
          for (const id of ids) pending.delete(id);
          const conflictIds = new Set(conflicts.map((doc) => doc.id));
          window.answered(ids, conflictIds);
          // RxDB's record of these as agreed can be refused by a pull persisted meanwhile.
          await recordAcknowledged(replication, rows, conflictIds).catch(() => {});
          const refused = response.headers.get(SYNC_NOTICE_HEADER);
          if (refused) options.onNotice(decodeURIComponent(refused));
          options.onSuccess();
          // Once RxDB recorded this acknowledgement: the push is no longer one a reload could
          // lose (seed 674: the page closed after the answer, before RxDB recorded the base, and
          // the next load pushed a field set back against the older base), and what a pull
          // left out meanwhile is pulled again.
          const sentDocs = withBase.map((row) => row.newDocumentState as Record<string, unknown>);
          window.whenRecorded(() => {
            void bases.answered(name, ids, sentDocs).catch(() => {});
            if (rewindTo) pullStream.next('RESYNC');
          });
          return conflicts;
        } catch (error) {
          // The documents stay in the push window: the server may have stored the push, and
          // RxDB sends the same rows again (push-window.ts).
          return options.onError(error);
        }
      },
    },
  });
  return {
    replication,
    pullStream,
    repullFromStart() {
      rewindTo = { checkpoint: undefined };
      pullStream.next('RESYNC');
    },
  };
}
