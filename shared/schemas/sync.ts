import { z } from 'zod';

// The wire contract of /api/sync (RxDB's replication protocol over HTTP), shared by the
// browser's replication handlers and the server's routes.

/**
 * Position in a collection's change order: the last document's server sequence and id, and
 * the server epoch it belongs to (absent in checkpoints from before epochs; decision 007).
 */
export const syncCheckpointSchema = z.object({
  seq: z.number().int().nonnegative(),
  id: z.string().max(64),
  epoch: z.string().max(64).optional(),
});
export type SyncCheckpoint = z.infer<typeof syncCheckpointSchema>;

/**
 * A replicated document on the wire (any of the four collections): its id, whether it is
 * deleted, and its fields, which the server's merge checks on a push and the collection's
 * schema checks where the device writes it.
 */
const wireDocSchema = z.looseObject({ id: z.string(), _deleted: z.boolean() });
export type WireDoc = z.infer<typeof wireDocSchema>;

/** The server went back in time (restored from a backup; decision 007). */
const resetSchema = z.object({ restoredFrom: z.number().int().nonnegative() });

/**
 * The answer of GET /api/sync/{table}/pull. `reset` means the server went back in time
 * (restored from a backup): the device re-sends what it holds with
 * POST /push?restoredFrom={restoredFrom}, then pulls everything from the start.
 */
export const pullResponseSchema = z.object({
  documents: z.array(wireDocSchema),
  checkpoint: syncCheckpointSchema.nullable(),
  reset: resetSchema.optional(),
});
export type PullResponse = z.infer<typeof pullResponseSchema>;

/** The answer of POST /api/sync/{table}/push: RxDB's conflicts, the server's state of rows the device must adopt. */
export const pushResponseSchema = z.array(wireDocSchema);

/**
 * The body of a 409 answer to a push from a device that has not reconverged yet. The device
 * does not read it (it pulls, and the pull answers `reset`), so only its type is shared.
 */
export type PushResetResponse = { error: string; reset: z.infer<typeof resetSchema> };

/**
 * The answer of GET /api/sync/{table}/digest (decision 007): the digest of the live
 * documents (`tableDigest` in shared/sync/digest.ts) and the position of the
 * collection's last change, where a device holding exactly these documents stands.
 */
export const syncDigestSchema = z.object({
  count: z.number().int().nonnegative(),
  hash: z.string().regex(/^[0-9a-f]{16}$/),
  checkpoint: syncCheckpointSchema,
});
export type SyncDigest = z.infer<typeof syncDigestSchema>;

export const SYNC_MAX_BATCH = 500;

/**
 * How large a device lets one push request's body grow (UTF-8 bytes): a third of the server's
 * request limit (3 MB), so a page of long-noted toys splits into several requests and a page
 * of ordinary ones goes in one.
 */
export const SYNC_PUSH_MAX_BYTES = 1_000_000;

/** One row of a push: the client's new state and the server state it last saw (if any). */
const pushRowSchema = z.object({
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

/**
 * A hand-in (a push after leaving the household, decision 016) answers how many of its rows the
 * server could not take in this header, a number, so a device tells the person in its own
 * language; the notice header says the same in English.
 */
export const SYNC_HAND_IN_REFUSED_HEADER = 'x-sync-hand-in-refused';

/**
 * A push carries the device's pull checkpoint (JSON) in this header, so that a server that
 * went back in time refuses it (409, `reset`) before merging it against a base it never had;
 * the device reconverges first (decision 007).
 */
export const SYNC_CHECKPOINT_HEADER = 'x-sync-checkpoint';
