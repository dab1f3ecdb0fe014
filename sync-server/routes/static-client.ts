import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { isAppRoute } from '../../shared/routes.js';

/**
 * Serves the built client. Hashed files under /assets never change, so browsers may keep
 * them for a year; index.html, the service worker and the manifest must be re-checked on
 * every load or an update would never reach anyone.
 */
export function staticClient(clientDir: string) {
  const app = new Hono();
  const root = path.relative(process.cwd(), clientDir) || '.';
  const indexFile = path.join(clientDir, 'index.html');

  app.use('*', async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    const isHashedAsset = c.req.path.startsWith('/assets/');
    c.res.headers.set(
      'Cache-Control',
      isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
  });

  app.get('*', async (c, next) => {
    if (!isAppRoute(c.req.path)) return next();
    if (!fs.existsSync(indexFile)) {
      return c.text('The client is not built yet: run npm run build (npm start does it).', 503);
    }
    return c.html(await fs.promises.readFile(indexFile, 'utf8'));
  });
  app.use('*', serveStatic({ root }));
  return app;
}
