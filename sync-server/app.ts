import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import type { AppDeps } from './context.js';
import { readableValidationError, serveRoute } from './lib/api-routes.js';
import { localizedManifest } from './lib/localized-manifest.js';
import { HttpError } from './lib/http-error.js';
import { requestBodyLimit } from './lib/body-limit.js';
import { compressJson } from './lib/compress-json.js';
import { answerHealthBeforeRouting, healthAnswer, healthRoute } from './lib/health.js';
import { openApiDocument } from './lib/openapi-document.js';
import { readinessAnswer, readyRoute } from './lib/readiness.js';
import { observeRequests } from './lib/request-observer.js';
import { unavailableDependency, unavailableError } from './lib/unavailable.js';
import { refuseNulCharacters } from './lib/refuse-nul.js';
import { apiSecurityHeaders, securityHeaders } from './lib/security-headers.js';
import { authRoutes } from './routes/auth.js';
import { householdRoutes } from './routes/household.js';
import { mediaRoutes } from './routes/media.js';
import { passkeyRoutes } from './routes/passkeys.js';
import { collectionRotationRoutes } from './routes/collection-rotation.js';
import { practiceRoutes, scheduleRoutes } from './routes/practice.js';
import { privateRoutes } from './routes/private.js';
import { publicRoutes } from './routes/public.js';
import { pushRoutes } from './routes/push.js';
import { stripeRoutes } from './routes/stripe.js';
import { syncRoutes } from './routes/sync.js';
import { staticClient } from './lib/static-client.js';

const OPENAPI_PATH = '/api/openapi.json';
const IMPORT_PATH = '/api/private/import';

/** The whole HTTP surface: API sub-apps, then the built client. */
export function createApp(deps: AppDeps, options: { clientDir?: string } = {}) {
  // strict: false makes the spec's trailing slashes optional (`/updateSettings/` and `/updateSettings`).
  const app = new OpenAPIHono({ strict: false, defaultHook: readableValidationError });

  // First: every answer below gets a request id, a log line and its metrics.
  app.use('*', observeRequests(deps.logger, deps.metrics));
  serveRoute(app, healthRoute, healthAnswer); // GET is answered before routing (lib/health.ts)
  serveRoute(app, readyRoute, (c) => readinessAnswer(c, deps));
  app.use('/api/*', apiSecurityHeaders());
  // An import zip has its own, larger limit on its route (routes/private.ts).
  app.use('/api/*', requestBodyLimit(IMPORT_PATH));
  app.use('/api/*', refuseNulCharacters());
  app.use('/api/*', compressJson());

  app.route('/api/auth', authRoutes(deps));
  app.route('/api/auth/passkeys', passkeyRoutes(deps));
  app.route('/api/public', publicRoutes(deps));
  app.route('/api/private', privateRoutes(deps));
  app.route('/api/private', practiceRoutes(deps));
  app.route('/api/private', collectionRotationRoutes(deps));
  app.route('/api', scheduleRoutes(deps));
  app.route('/api/stripe', stripeRoutes(deps));
  app.route('/api/media', mediaRoutes(deps));
  app.route('/api/sync', syncRoutes(deps));
  app.route('/api/household', householdRoutes(deps));
  app.route('/api/push', pushRoutes(deps));
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });
  let description: unknown;
  // Built on first request (every route is registered by then) and kept: the routes do not change.
  app.get(OPENAPI_PATH, (c) => c.json((description ??= openApiDocument(app, deps.env.APP_URL))));
  app.all('/api/*', (c) => c.json({ error: 'No such API call.' }, 404));
  if (deps.env.METRICS_PATH !== 'off') {
    const { registry } = deps.metrics;
    app.get(deps.env.METRICS_PATH, async (c) => c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }));
  }

  // Registered after the catch-all above, so these run only for pages and files, never /api.
  app.use('*', securityHeaders());
  if (options.clientDir) app.get('/manifest.webmanifest', localizedManifest(options.clientDir));
  if (options.clientDir) app.route('/', staticClient(options.clientDir));

  app.onError((err, c) => {
    if (err instanceof HttpError) return c.json({ error: err.message, ...err.fields }, err.status, err.headers);
    if (err instanceof HTTPException && err.status < 500) {
      return c.json({ error: err.message || 'The request could not be handled.' }, err.status);
    }
    // The route as registered (`/api/auth/resetpassword/:token`), never the path as sent: a path
    // can carry a secret (a live reset token, a calendar feed's secret, an invite code).
    const route = `${c.req.method} ${routePath(c) || '(no route)'}`;
    const down = unavailableDependency(err);
    if (down) {
      deps.metrics.unavailable.inc({ dependency: down });
      deps.logger.warn({ dependency: down, route, cause: err instanceof Error ? err.message : String(err) }, `${down} unavailable: ${route} answered 503`);
      const answer = unavailableError(down);
      return c.json({ error: answer.message }, 503, answer.headers);
    }
    deps.log(`error: ${route}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return c.json({ error: 'Something went wrong on our side. Please try again later.' }, 500);
  });
  app.notFound((c) => c.json({ error: 'Not found.' }, 404));

  answerHealthBeforeRouting(app);
  return app;
}

export type App = ReturnType<typeof createApp>;
