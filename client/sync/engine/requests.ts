import type { SyncTable } from '../../../shared/schemas/docs.js';
import { pullResponseSchema, pushResponseSchema, SYNC_CHECKPOINT_HEADER, SYNC_NOTICE_HEADER, SYNC_PUSH_MAX_BYTES, type PullResponse, type SyncCheckpoint, type WireDoc } from '../../../shared/schemas/sync.js';
import { readAnswer } from '../answers.js';
import type { HttpClient } from '../http.js';
import type { PushRow } from '../protocol.js';

// The two requests of the sync protocol, on the server's endpoints and wire format
// (shared/schemas/sync.ts): a page of changes since a checkpoint, and a push of rows.

export async function pullPage(http: HttpClient, name: SyncTable, from: SyncCheckpoint | null, batchSize: number): Promise<PullResponse> {
  const query = new URLSearchParams({ batchSize: String(batchSize) });
  if (from) query.set('checkpoint', JSON.stringify(from));
  return readAnswer(await http.request(`/api/sync/${name}/pull?${query}`), pullResponseSchema);
}

export type PushAnswer = { conflicts: WireDoc[]; notice?: string };

/**
 * The rows in batches of at most `batchSize` rows whose request body stays within
 * SYNC_PUSH_MAX_BYTES, in order: as few requests as the server's limits allow.
 */
export function pushBatches<R>(rows: R[], batchSize: number): R[][] {
  const encoder = new TextEncoder();
  const batches: R[][] = [];
  let batch: R[] = [];
  let bytes = 2; // the brackets
  for (const row of rows) {
    const size = encoder.encode(JSON.stringify(row)).length + 1; // and its comma
    if (batch.length > 0 && (batch.length >= batchSize || bytes + size > SYNC_PUSH_MAX_BYTES)) {
      batches.push(batch);
      batch = [];
      bytes = 2;
    }
    batch.push(row);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * Sends the rows in batches the server takes, one after the other; the answer is every
 * batch's conflicts. A failure part-way fails the whole push: the engine then treats every row
 * as a push whose answer was lost (the server may hold some), which is what a resend handles.
 */
export async function sendPush(http: HttpClient, name: SyncTable, rows: PushRow[], pulledTo: SyncCheckpoint | null, batchSize: number): Promise<PushAnswer> {
  const conflicts: WireDoc[] = [];
  let notice: string | undefined;
  for (const batch of pushBatches(rows, batchSize)) {
    const response = await http.request(`/api/sync/${name}/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(pulledTo ? { [SYNC_CHECKPOINT_HEADER]: JSON.stringify(pulledTo) } : {}) },
      body: JSON.stringify(batch),
    });
    conflicts.push(...(await readAnswer(response, pushResponseSchema)));
    const refused = response.headers.get(SYNC_NOTICE_HEADER);
    if (refused) notice = decodeURIComponent(refused);
  }
  return { conflicts, ...(notice ? { notice } : {}) };
}
