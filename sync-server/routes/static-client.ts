import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { isAppRoute } from '../../shared/routes.js';

/**
 * Serves the built client. Hashed files under /assets never change, so browsers may keep
 * them for a year; index.html, the service worker and the manifest must be re-checked on
 * every load or an update would never reach anyone. The spec's routes get the app shell;
 * any other page address gets it too, with a 404 status, so the app can say "not found".
 */
export function staticClient(clientDir: string) {
  const app = new Hono();
  const root = path.relative(process.cwd(), clientDir) || '.';
  const indexFile = path.join(clientDir, 'index.html');

  const appShell = async (status: 200 | 404) => {
    if (!fs.existsSync(indexFile)) {
      return new Response('The client is not built yet: run npm run build (npm start does it).', {
        status: 503,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
    }
    return new Response(await fs.promises.readFile(indexFile), {
      status,
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
  };

  app.use('*', async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    const isHashedAsset = c.req.path.startsWith('/assets/');
    c.res.headers.set('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
  });

  app.get('*', async (c, next) => (isAppRoute(c.req.path) ? appShell(200) : next()));
  app.use('*', serveStatic({ root }));
  app.get('*', async (c, next) => (c.req.header('accept')?.includes('text/html') ? appShell(404) : next()));
  return app;
}
