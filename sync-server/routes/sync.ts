import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { SYNC_COLLECTIONS, type SyncCollection } from '../../shared/schemas/docs.js';
import { pushBodySchema, SYNC_MAX_BATCH, SYNC_NOTICE_HEADER, syncCheckpointSchema } from '../../shared/schemas/sync.js';
import type { AppDeps, AuthedEnv } from '../context.js';
import { badRequest, notFound } from '../lib/http-error.js';
import { parseJson, parseWith } from '../lib/parse.js';
import { authenticate, bearerToken, requireUser } from '../lib/require-user.js';
import { pullChanges } from '../services/sync/pull.js';
import { pushChanges } from '../services/sync/push.js';

export const HEARTBEAT_MS = 25_000; // below common proxy idle timeouts (30-60 s)

const pullQuerySchema = z.object({
  batchSize: z.coerce.number().int().min(1).max(SYNC_MAX_BATCH).default(100),
  checkpoint: z.string().optional(),
  seq: z.coerce.number().int().nonnegative().optional(),
  id: z.string().max(64).optional(),
});

function collectionParam(name: string): SyncCollection {
  if (!(SYNC_COLLECTIONS as readonly string[]).includes(name)) throw notFound('No such sync collection.');
  return name as SyncCollection;
}

/** RxDB replication over HTTP: pull, push and one live change stream per client. */
export function syncRoutes(deps: AppDeps) {
  const app = new Hono<AuthedEnv>();

  // The stream authenticates itself: EventSource clients can only pass ?token=.
  app.get('/stream', async (c) => {
    const auth = await authenticate(deps, bearerToken(c.req.header('authorization')) ?? c.req.query('token') ?? null);
    c.header('cache-control', 'no-store');
    c.header('x-accel-buffering', 'no'); // tell nginx-style proxies not to buffer events
    return streamSSE(c, async (stream) => {
      const unsubscribe = deps.feed.subscribe(auth.user.id, (event) => {
        void stream.writeSSE({ event: 'change', data: JSON.stringify({ collections: event.collections }) });
      });
      const heartbeat = setInterval(() => void stream.write(': heartbeat\n\n'), HEARTBEAT_MS);
      const done = new Promise<void>((resolve) => stream.onAbort(resolve));
      await stream.write(': connected\n\n');
      await done;
      clearInterval(heartbeat);
      unsubscribe();
    });
  });

  app.use('/:collection/*', requireUser(deps));

  app.get('/:collection/pull', async (c) => {
    const collection = collectionParam(c.req.param('collection'));
    const query = parseWith(pullQuerySchema, c.req.query());
    let checkpoint = null;
    if (query.checkpoint) {
      let raw: unknown;
      try {
        raw = JSON.parse(query.checkpoint);
      } catch {
        throw badRequest('checkpoint must be JSON {"seq": number, "id": string}');
      }
      checkpoint = raw === null ? null : parseWith(syncCheckpointSchema, raw);
    } else if (query.seq !== undefined) {
      checkpoint = { seq: query.seq, id: query.id ?? '' };
    }
    return c.json(await pullChanges(deps.db, c.get('user'), collection, checkpoint, query.batchSize));
  });

  app.post('/:collection/push', async (c) => {
    const collection = collectionParam(c.req.param('collection'));
    const rows = await parseJson(c, pushBodySchema);
    const outcome = await pushChanges(deps, c.get('user'), collection, rows);
    if (outcome.notice) c.header(SYNC_NOTICE_HEADER, encodeURIComponent(outcome.notice));
    return c.json(outcome.conflicts);
  });

  return app;
}
