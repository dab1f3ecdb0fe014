import type { Context } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppDeps } from '../context.js';
import { defineRoute } from './api-routes.js';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from './unavailable.js';

// GET /api/ready: whether this instance can serve, with the database and the photo store
// reported apart, so an operator (or a load balancer) sees which part is down. Liveness stays
// GET /api/health ({"ok":true} while the process answers): a restart does not bring back a
// database, so a probe that restarts the process must not look here.

/** Each check gets this long; a store that says nothing by then counts as down. */
const CHECK_TIMEOUT_MS = 1_000;

const state = z.enum(['ok', 'unreachable']);
const readySchema = z.object({ ok: z.boolean(), database: state, photoStore: state, error: z.string().optional() });

export const readyRoute = defineRoute({
  method: 'get',
  path: '/api/ready',
  summary: 'Readiness: whether the database and the photo store answer (503 with which one does not); liveness is /api/health',
  answer: readySchema,
  failures: [503],
});

async function answers(check: () => Promise<unknown>): Promise<'ok' | 'unreachable'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no answer in time')), CHECK_TIMEOUT_MS)));
  try {
    await Promise.race([check(), late]);
    return 'ok';
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

export async function readinessAnswer(c: Context, deps: Pick<AppDeps, 'db' | 'media'>): Promise<Response> {
  const [database, photoStore] = await Promise.all([answers(() => sql`select 1`.execute(deps.db)), answers(() => deps.media.check())]);
  if (database === 'ok' && photoStore === 'ok') return c.json({ ok: true, database, photoStore }, 200, { 'Cache-Control': 'no-store' });
  const down = [database !== 'ok' ? 'the database' : null, photoStore !== 'ok' ? 'the photo store' : null].filter(Boolean).join(' and ');
  return c.json({ ok: false, database, photoStore, error: `This server cannot serve right now: ${down} does not answer.` }, 503, {
    'Cache-Control': 'no-store',
    'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
  });
}
