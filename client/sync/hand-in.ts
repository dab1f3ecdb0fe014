import { getComposedPrimaryKeyOfDocumentData } from 'rxdb';
import type { SyncTable } from '../../shared/schemas/docs.js';
import { SYNC_MAX_BATCH, SYNC_NOTICE_HEADER } from '../../shared/schemas/sync.js';
import { HouseholdLeftError, OfflineError, type HttpClient } from './http.js';
import { pendingPhotos, photoStore } from './photos.js';
import type { ReplicationMetaStorage, SyncedTable } from './rx-types.js';
import { serverShape } from './unpushed.js';

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
  /** The server's words about the hand-in (how many it took). */
  notices: string[];
  /** How many of the sent ones the server said it could not take (deletions, or changed since). */
  refused: number;
};

type Source = {
  /** The household whose database (and photo store) this is. */
  householdId: string;
  names: SyncTable[];
  tableOf: (name: SyncTable) => SyncedTable;
  metaOf: (name: SyncTable) => ReplicationMetaStorage | undefined;
  /** Ids of the documents that wait (pending-changes.ts). */
  waitingIds: (name: SyncTable) => string[];
  /** The last state agreed with the server, for documents the meta storage has none of. */
  baseOf: (name: SyncTable, locals: Record<string, unknown>[]) => Promise<Map<string, Record<string, unknown>>>;
  http: HttpClient;
};

async function rowsFor(source: Source, name: SyncTable, ids: string[]) {
  const collection = source.tableOf(name);
  const meta = source.metaOf(name);
  const local = await collection.storageInstance.findDocumentsById(ids, true);
  const masters = new Map<string, Record<string, unknown>>();
  if (meta) {
    const metaIds = ids.map((id) => getComposedPrimaryKeyOfDocumentData(meta.schema, { itemId: id, isCheckpoint: '0' }));
    for (const m of await meta.findDocumentsById(metaIds, true)) masters.set(m.itemId as string, serverShape(m.docData as Record<string, unknown>));
  }
  const states = local.map((doc) => serverShape(doc as Record<string, unknown>));
  const bases = await source.baseOf(name, states.filter((doc) => !masters.has(doc.id as string)));
  return states.map((state) => {
    const id = state.id as string;
    const base = masters.get(id) ?? bases.get(id);
    return { newDocumentState: state, ...(base ? { assumedMasterState: base } : {}) };
  });
}

/** "…; 2 could not be (…)" in the server's hand-in notice: how many it refused. */
export function refusedIn(notice: string): number {
  const match = /(\d+) could not be/.exec(notice);
  return match ? Number(match[1]) : 0;
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

export async function handIn(source: Source): Promise<HandInResult> {
  const result: HandInResult = { sent: 0, unsent: 0, notices: [], refused: 0 };
  await handInPhotos(source, result);
  for (const name of source.names) {
    const ids = source.waitingIds(name);
    if (ids.length === 0) continue;
    // Settings belong to the household; a person who left may not change them (the server says 403).
    if (name === 'settings') {
      result.unsent += ids.length;
      continue;
    }
    for (let i = 0; i < ids.length; i += SYNC_MAX_BATCH) {
      const batch = ids.slice(i, i + SYNC_MAX_BATCH);
      try {
        const rows = await rowsFor(source, name, batch);
        const response = await source.http.request(`/api/sync/${name}/push`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(rows),
        });
        await response.body?.cancel();
        result.sent += rows.length;
        const notice = response.headers.get(SYNC_NOTICE_HEADER);
        if (notice) {
          const text = decodeURIComponent(notice);
          if (!result.notices.includes(text)) result.notices.push(text);
          result.refused += refusedIn(text);
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
