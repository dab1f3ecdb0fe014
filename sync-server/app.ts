import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { AppDeps } from './context.js';
import { HttpError } from './lib/http-error.js';
import { securityHeaders } from './lib/security-headers.js';
import { authRoutes } from './routes/auth.js';
import { mediaRoutes } from './routes/media.js';
import { privateRoutes } from './routes/private.js';
import { publicRoutes } from './routes/public.js';
import { stripeRoutes } from './routes/stripe.js';
import { syncRoutes } from './routes/sync.js';
import { staticClient } from './routes/static-client.js';

export const MAX_BODY_BYTES = 3 * 1024 * 1024; // a 2 MB image as a data URL is ~2.7 MB of JSON

/** The whole HTTP surface: API sub-apps, then the built client. */
export function createApp(deps: AppDeps, options: { clientDir?: string } = {}) {
  // strict: false makes the spec's trailing slashes optional (`/updateSettings/` and `/updateSettings`).
  const app = new Hono({ strict: false });

  app.use('*', securityHeaders());
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ error: 'The request is too large (3 MB at most).' }, 413),
    }),
  );

  app.get('/api/health', (c) => c.json({ ok: true }));
  app.route('/api/auth', authRoutes(deps));
  app.route('/api/public', publicRoutes(deps));
  app.route('/api/private', privateRoutes(deps));
  app.route('/api/stripe', stripeRoutes(deps));
  app.route('/api/media', mediaRoutes(deps));
  app.route('/api/sync', syncRoutes(deps));
  app.all('/api/*', (c) => c.json({ error: 'No such API call.' }, 404));

  if (options.clientDir) app.route('/', staticClient(options.clientDir));

  app.onError((err, c) => {
    if (err instanceof HttpError) return c.json({ error: err.message }, err.status);
    if (err instanceof HTTPException && err.status < 500) {
      return c.json({ error: err.message || 'The request could not be handled.' }, err.status);
    }
    deps.log(`error: ${c.req.method} ${c.req.path}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return c.json({ error: 'Something went wrong on our side. Please try again later.' }, 500);
  });
  app.notFound((c) => c.json({ error: 'Not found.' }, 404));

  return app;
}

export type App = ReturnType<typeof createApp>;
