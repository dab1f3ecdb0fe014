import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { SYNC_TABLES } from '../../shared/schemas/docs.js';
import { inRequest, type Logger } from './logger.js';
import type { Metrics } from './metrics.js';

// Every request gets an id (the caller's X-Request-Id when it is a sane token, so a proxy's id
// follows the request through; else a new one), answered in the X-Request-Id header and
// written on every log line made while handling it; then one log line and the metrics of the
// answer. Routes are named by their pattern (`/api/auth/resetpassword/:token`), never by the
// path as sent: a path can carry a secret (a reset token, a calendar feed's secret).

const REQUEST_ID_HEADER = 'X-Request-Id';
const SANE_REQUEST_ID = /^[\w.:+=@/-]{1,128}$/;

/** The caller's request id when it is safe to log and echo; else a new one. */
function requestIdFor(incoming: string | undefined): string {
  return incoming && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The route pattern that answered (`(none)` when nothing matched, e.g. a 404 before routing). */
function answeringRoute(c: Context): string {
  try {
    return routePath(c) || '(none)';
  } catch {
    return '(none)';
  }
}

const SYNC_ROUTE = /^\/api\/sync\/:table\/(push|pull)$/;

export function observeRequests(logger: Logger, metrics: Metrics): MiddlewareHandler {
  return async (c, next) => {
    const requestId = requestIdFor(c.req.header(REQUEST_ID_HEADER));
    const started = performance.now();
    await inRequest(requestId, next);
    const seconds = (performance.now() - started) / 1000;
    const route = answeringRoute(c);
    const status = String(c.res.status);
    const method = c.req.method;
    try {
      c.res.headers.set(REQUEST_ID_HEADER, requestId);
    } catch {
      c.res = new Response(c.res.body, c.res); // an answer with immutable headers: copied once
      c.res.headers.set(REQUEST_ID_HEADER, requestId);
    }
    metrics.requests.inc({ method, route, status });
    metrics.requestSeconds.observe({ method, route, status }, seconds);
    const sync = SYNC_ROUTE.exec(route);
    if (sync) {
      const name = c.req.path.split('/')[3] ?? '';
      const collection = (SYNC_TABLES as readonly string[]).includes(name) ? name : 'unknown';
      (sync[1] === 'push' ? metrics.syncPushes : metrics.syncPulls).inc({ collection, status });
    }
    // Pages and files of the client are many per visit: written only at LOG_LEVEL=debug.
    const level = route.startsWith('/api') ? 'info' : 'debug';
    logger[level]({ requestId, method, route, status: c.res.status, ms: Math.round(seconds * 10_000) / 10 }, `${method} ${route} ${status}`);
  };
}
