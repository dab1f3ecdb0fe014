import { z } from 'zod';

// The wire contract of /api/sync (RxDB's replication protocol over HTTP), shared by the
// browser's replication handlers and the server's routes.

/** Position in a collection's change order: the last document's server sequence and id. */
export const syncCheckpointSchema = z.object({
  seq: z.number().int().nonnegative(),
  id: z.string().max(64),
});
export type SyncCheckpoint = z.infer<typeof syncCheckpointSchema>;

export const SYNC_MAX_BATCH = 500;

/** One row of a push: the client's new state and the server state it last saw (if any). */
export const pushRowSchema = z.object({
  newDocumentState: z.record(z.string(), z.unknown()),
  assumedMasterState: z.record(z.string(), z.unknown()).nullish(),
});
export const pushBodySchema = z.array(pushRowSchema).max(SYNC_MAX_BATCH);
export type PushRow = z.infer<typeof pushRowSchema>;

/**
 * A push the server refused in part (a plan limit) still answers 200 with the conflicts array
 * the RxDB protocol expects; the readable reason travels in this header, URI-encoded.
 */
export const SYNC_NOTICE_HEADER = 'x-sync-notice';

/** The `change` event on /api/sync/stream: which of the user's collections changed. */
export type SyncStreamChange = { collections: string[] };
