import type { SyncTable } from '../../shared/schemas/docs.js';
import { SYNC_HAND_IN_REFUSED_HEADER } from '../../shared/schemas/sync.js';
import { HouseholdLeftError, OfflineError, type HttpClient } from './http.js';
import { pendingPhotos, photoStore } from './photos.js';
import type { SyncedTable } from './rx-types.js';
import { serverShape } from './engine/local-docs.js';
import type { StoredRecord } from './engine/record-types.js';
import { composedBase } from './protocol-fields.js';

// Removed from a household (or left it on another device) while changes wait here: the server
// takes them once more as a "hand-in" (decision 016: a push within a day of leaving, additions
// and edits of rows nobody changed since; never settings, never a read), and the photos still
// waiting for upload first, so a handed-in toy never points at a photo that cannot arrive.
// What the server cannot take stays on this device and the person is told (decision 017).

export type HandInResult = {
  /** Documents and photos the server took (or answered for). */
  sent: number;
  /** Documents and photos that could not be handed in (settings, window over, no answer). */
  unsent: number;
  /** How many of the sent documents the server took as a hand-in (it answers how many it could not). */
  handedIn: number;
  /** How many of the sent ones the server said it could not take (deletions, or changed since). */
  refused: number;
};

type Source = {
  /** The household whose database (and photo store) this is. */
  householdId: string;
  names: SyncTable[];
  tableOf: (name: SyncTable) => SyncedTable;
  /** Ids of the documents that wait (pending-changes.ts). */
  waitingIds: (name: SyncTable) => string[];
  /** The sync records of these documents (their base, an unanswered push). */
  recordsOf: (name: SyncTable, ids: string[]) => Promise<Map<string, StoredRecord>>;
  http: HttpClient;
};

async function rowsFor(source: Source, name: SyncTable, ids: string[]) {
  const local = await source.tableOf(name).storageInstance.findDocumentsById(ids, true);
  const records = await source.recordsOf(name, ids);
  return local.map((doc) => {
    const state = serverShape(doc as Record<string, unknown>);
    const record = records.get(String(state.id));
    // A push whose answer was lost goes on its composed base, as the engine would send it.
    const base = record?.sent ? composedBase(record.sent.base, record.sent.doc, state) : record?.base;
    return { newDocumentState: state, ...(base ? { assumedMasterState: base } : {}) };
  });
}

/** Uploads the photos waiting here (the server takes them as a hand-in too); what fails stays waiting. */
async function handInPhotos(source: Source, result: HandInResult): Promise<void> {
  const queue = await pendingPhotos(source.householdId);
  for (const [index, photo] of queue.entries()) {
    try {
      await source.http.request(`/api/media/${photo.id}`, {
        method: 'PUT',
        headers: { 'content-type': photo.type || 'image/jpeg' },
        body: photo.bytes,
      });
      await photoStore(source.householdId).photos.update(photo.id, { status: 'uploaded' });
      result.sent++;
    } catch (error) {
      // Past the window or offline: none of the rest can go either.
      if (error instanceof HouseholdLeftError || error instanceof OfflineError) {
        result.unsent += queue.length - index;
        return;
      }
      console.warn('[household] hand-in of a photo failed', error);
      result.unsent++;
    }
  }
}

/**
 * Documents per hand-in request: few enough that the longest toys (notes of 2,000 characters in
 * any script) stay under the server's 3 MB request limit. A hand-in is rare; its speed is not.
 */
const HAND_IN_BATCH = 100;

export async function handIn(source: Source): Promise<HandInResult> {
  const result: HandInResult = { sent: 0, unsent: 0, handedIn: 0, refused: 0 };
  await handInPhotos(source, result);
  for (const name of source.names) {
    const ids = source.waitingIds(name);
    if (ids.length === 0) continue;
    // Settings belong to the household; a person who left may not change them (the server says 403).
    if (name === 'settings') {
      result.unsent += ids.length;
      continue;
    }
    for (let i = 0; i < ids.length; i += HAND_IN_BATCH) {
      const batch = ids.slice(i, i + HAND_IN_BATCH);
      try {
        const rows = await rowsFor(source, name, batch);
        const response = await source.http.request(`/api/sync/${name}/push`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(rows),
        });
        await response.body?.cancel();
        result.sent += rows.length;
        // The server's count, not its English notice: the person is told in their language.
        const refused = Number(response.headers.get(SYNC_HAND_IN_REFUSED_HEADER));
        if (response.headers.has(SYNC_HAND_IN_REFUSED_HEADER) && Number.isInteger(refused)) {
          result.refused += refused;
          result.handedIn += rows.length - refused;
        }
      } catch (error) {
        // Past the hand-in window (403 left), offline, or refused: these stay on this device.
        if (!(error instanceof HouseholdLeftError)) console.warn(`[household] hand-in of ${name} failed`, error);
        result.unsent += batch.length;
      }
    }
  }
  return result;
}
