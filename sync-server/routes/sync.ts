import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { SYNC_TABLES, type SyncTable } from '../../shared/schemas/docs.js';
import { pushBodySchema, SYNC_CHECKPOINT_HEADER, SYNC_MAX_BATCH, SYNC_HAND_IN_REFUSED_HEADER, SYNC_NOTICE_HEADER, syncCheckpointSchema, type PushResetResponse } from '../../shared/schemas/sync.js';
import type { AppDeps, MemberEnv } from '../context.js';
import { badRequest, HttpError, notFound } from '../lib/http-error.js';
import { apiRouter } from '../lib/api-routes.js';
import { parseJson, parseWith } from '../lib/parse.js';
import { authenticate, bearerToken } from '../lib/require-user.js';
import { requireMember } from '../lib/require-member.js';
import { ownerOf } from '../services/household/scope.js';
import { claimStreamSlot, refreshStreamSlot, releaseStreamSlot, streamStillAllowed } from '../services/scale-out/live-streams.js';
import { digestOf } from '../services/sync/digest.js';
import { judgeCheckpoint } from '../services/sync/epochs.js';
import { pullChanges } from '../services/sync/pull.js';
import { pushChanges } from '../services/sync/push.js';
import { describeSyncRoutes } from './sync/description.js';

const HEARTBEAT_MS = 25_000; // below common proxy idle timeouts (30-60 s)

/** Live streams one account may hold open over all instances: one per device (the leader tab), with room to spare. */
export const MAX_STREAMS_PER_USER = 10;
export const TOO_MANY_STREAMS = 'Too many devices are connected to this account right now. Close the app on a device you do not use and try again.';

const pushQuerySchema = z.object({
  restoredFrom: z.coerce.number().int().nonnegative().optional(),
});

const pullQuerySchema = z.object({
  batchSize: z.coerce.number().int().min(1).max(SYNC_MAX_BATCH).default(100),
  checkpoint: z.string().optional(),
  seq: z.coerce.number().int().nonnegative().optional(),
  id: z.string().max(64).optional(),
});

function parseCheckpoint(text: string) {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw badRequest('checkpoint must be JSON {"seq": number, "id": string, "epoch"?: string}');
  }
  return raw === null ? null : parseWith(syncCheckpointSchema, raw);
}

function tableParam(name: string): SyncTable {
  if (!(SYNC_TABLES as readonly string[]).includes(name)) throw notFound('No such sync collection.');
  return name as SyncTable;
}

/** RxDB replication over HTTP: pull, push and one live change stream per client. */
export function syncRoutes(deps: AppDeps) {
  const app = apiRouter<MemberEnv>();
  describeSyncRoutes(app);

  // The token comes in the Authorization header only: a token in the URL (?token=) ends up
  // in proxy and server access logs. Our client reads the stream with fetch, which sends it.
  app.get('/stream', async (c) => {
    const auth = await authenticate(deps, bearerToken(c.req.header('authorization')));
    const userId = auth.user.id;
    // The stream carries the household's changes; a person who left gets 403 {household: 'left'}.
    const householdId = (await ownerOf(deps, auth)).id;
    // Counted over every instance (a slot row in the database), not per process.
    const slot = await claimStreamSlot(deps, userId, MAX_STREAMS_PER_USER);
    if (!slot) throw new HttpError(429, TOO_MANY_STREAMS);
    c.header('cache-control', 'no-store');
    c.header('x-accel-buffering', 'no'); // tell nginx-style proxies not to buffer events
    return streamSSE(c, async (stream) => {
      let end!: () => void;
      const done = new Promise<void>((resolve) => (end = resolve));
      stream.onAbort(end);
      const unsubscribe = deps.feed.subscribe(householdId, (event) => {
        void stream.writeSSE({ event: 'change', data: JSON.stringify({ collections: event.collections }) });
      });
      // The stream lives while its session does and still acts on this household.
      const allowed = () => streamStillAllowed(deps, auth.sessionHash, householdId).catch(() => false);
      // Logout, password reset, account deletion, leaving or removal from the household, on any
      // instance: the feed names only the user, so each of their streams checks its own session
      // (a reconnect after leaving answers 403 {household: 'left'}).
      const stopEnded = deps.feed.onSessionsEnded(userId, () => {
        void allowed().then((ok) => {
          if (!ok) end();
        });
      });
      // A session can also just run out: check it on each heartbeat, which also keeps the slot.
      const heartbeat = setInterval(() => {
        void (async () => {
          if (!(await allowed()) || !(await refreshStreamSlot(deps, slot))) return end();
          await stream.write(': heartbeat\n\n');
        })().catch(() => end());
      }, HEARTBEAT_MS);
      try {
        await stream.write(': connected\n\n');
        await done;
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
        stopEnded();
        await releaseStreamSlot(deps, slot).catch(() => {}); // else it runs out (SLOT_TTL_MS)
      }
    });
  });

  // Pull and digest read: members only. Push also takes the bounded hand-in of a person who
  // left or was removed (decision 016): write-only, within a day, rows unchanged since.
  const member = requireMember(deps);
  const handIn = requireMember(deps, { handIn: true });
  app.use('/:table/pull', member);
  app.use('/:table/digest', member);
  app.use('/:table/push', handIn);

  app.get('/:table/pull', async (c) => {
    const table = tableParam(c.req.param('table'));
    const query = parseWith(pullQuerySchema, c.req.query());
    let checkpoint = null;
    if (query.checkpoint) {
      checkpoint = parseCheckpoint(query.checkpoint);
    } else if (query.seq !== undefined) {
      checkpoint = { seq: query.seq, id: query.id ?? '' };
    }
    return c.json(await pullChanges(deps, c.get('owner'), table, checkpoint, query.batchSize));
  });

  // Decision 007: "Synced" is shown only after the device's digest matched this one.
  app.get('/:table/digest', async (c) => {
    const table = tableParam(c.req.param('table'));
    return c.json(await digestOf(deps, c.get('owner'), table));
  });

  app.post('/:table/push', async (c) => {
    const table = tableParam(c.req.param('table'));
    const { restoredFrom } = parseWith(pushQuerySchema, c.req.query());
    const rows = await parseJson(c, pushBodySchema);
    const held = c.req.header(SYNC_CHECKPOINT_HEADER);
    if (held && restoredFrom === undefined) {
      const verdict = await judgeCheckpoint(deps, parseCheckpoint(held));
      if (verdict.restoredFrom !== undefined) {
        const body: PushResetResponse = { error: 'The server went back in time: pull before pushing.', reset: { restoredFrom: verdict.restoredFrom } };
        return c.json(body, 409);
      }
    }
    const outcome = await pushChanges(deps, c.get('owner'), table, rows, { restoredFrom });
    if (outcome.notice) c.header(SYNC_NOTICE_HEADER, encodeURIComponent(outcome.notice));
    if (outcome.handInRefused !== undefined) c.header(SYNC_HAND_IN_REFUSED_HEADER, String(outcome.handInRefused));
    return c.json(outcome.conflicts);
  });

  return app;
}
