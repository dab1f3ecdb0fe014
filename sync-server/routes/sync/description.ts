import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Env } from 'hono';
import { z } from 'zod';
import { SYNC_TABLES } from '../../../shared/schemas/docs.js';
import { pushBodySchema, SYNC_MAX_BATCH, syncCheckpointSchema, syncDigestSchema } from '../../../shared/schemas/sync.js';
import { defineRoute, describeRoute } from '../../lib/api-routes.js';

// The replication calls, described for /api/openapi.json. Their handlers (routes/sync.ts)
// stay plain Hono routes: the stream is SSE and the table is a path parameter checked
// against SYNC_TABLES. (A helper of the sync resource, not a sub-app: hence this folder,
// beside routes/sync.ts. sync-server/openapi.test.ts fails when a served call is missing here.)

const table = z.enum(SYNC_TABLES);

const syncApi = {
  stream: defineRoute({
    method: 'get',
    path: '/stream',
    summary: 'Server-sent events: `change` {collections} whenever the account changes; ends with the session',
    signedIn: true,
    answer: 'text/event-stream',
    failures: [429],
  }),
  pull: defineRoute({
    method: 'get',
    path: '/{table}/pull',
    summary: 'Documents changed after a checkpoint, oldest first',
    signedIn: true,
    params: { table },
    query: z.object({
      batchSize: z.coerce.number().int().min(1).max(SYNC_MAX_BATCH).optional(),
      checkpoint: z.string().optional().meta({ description: 'JSON {"seq": number, "id": string}' }),
      seq: z.coerce.number().int().nonnegative().optional(),
      id: z.string().max(64).optional(),
    }),
    answer: z.object({ documents: z.array(z.record(z.string(), z.unknown())), checkpoint: syncCheckpointSchema.nullable() }),
    failures: [403, 404],
  }),
  digest: defineRoute({
    method: 'get',
    path: '/{table}/digest',
    summary: 'The digest (count and order-free hash) of the live documents, and the checkpoint a device holding exactly them has reached: "Synced" is shown only when they match',
    signedIn: true,
    params: { table },
    answer: syncDigestSchema,
    failures: [403, 404],
  }),
  push: defineRoute({
    method: 'post',
    path: '/{table}/push',
    summary: 'Write changed documents; answers the conflicting master states (empty when all were written)',
    signedIn: true,
    params: { table },
    body: pushBodySchema,
    answer: z.array(z.record(z.string(), z.unknown())),
    failures: [403, 404],
  }),
};

/** Adds the sync calls to the sub-app's OpenAPI description. */
export function describeSyncRoutes<E extends Env>(app: OpenAPIHono<E>): void {
  for (const route of Object.values(syncApi)) describeRoute(app, route);
}
