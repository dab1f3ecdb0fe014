import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { NOT_FOUND_PAGE, prerenderedPageFor } from '../../shared/prerendered-pages.js';
import { isAppRoute } from '../../shared/routes.js';
import { pickEncoding } from './compress-json.js';

/** The build writes a brotli (.br) and a gzip (.gz) copy beside each text file (vite.config.ts). */
const PRECOMPRESSED_SUFFIX = { br: '.br', gzip: '.gz' } as const;
const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|svg|webmanifest|json|txt|map)$/;

async function readIfPresent(file: string): Promise<Buffer | null> {
  try {
    return await fs.promises.readFile(file);
  } catch {
    return null;
  }
}

/**
 * Serves the built client. Hashed files under /assets never change, so browsers may keep
 * them for a year; index.html, the service worker and the manifest must be re-checked on
 * every load or an update would never reach anyone. A public page gets the HTML the build
 * rendered for it (shared/prerendered-pages.ts), the other routes the app shell; any other
 * page address gets the rendered "not found" page with a 404 status.
 */
export function staticClient(clientDir: string) {
  const app = new Hono();
  const root = path.relative(process.cwd(), clientDir) || '.';
  const indexFile = path.join(clientDir, 'index.html');

  /** The page's prerendered file when the build made one (an older build has only index.html). */
  const pageFile = (pathname: string, status: 200 | 404) => {
    const page = status === 404 ? NOT_FOUND_PAGE : prerenderedPageFor(pathname);
    const file = page && path.join(clientDir, page.file);
    return file && fs.existsSync(file) ? file : indexFile;
  };

  const appShell = async (pathname: string, status: 200 | 404, acceptEncoding: string | undefined) => {
    const htmlFile = pageFile(pathname, status);
    if (!fs.existsSync(htmlFile)) {
      return new Response('The client is not built yet: run npm run build (npm start does it).', {
        status: 503,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
    }
    const encoding = pickEncoding(acceptEncoding);
    const packed = encoding ? await readIfPresent(htmlFile + PRECOMPRESSED_SUFFIX[encoding]) : null;
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8', vary: 'Accept-Encoding' };
    if (packed && encoding) headers['content-encoding'] = encoding;
    return new Response(new Uint8Array(packed ?? (await fs.promises.readFile(htmlFile))), { status, headers });
  };

  app.use('*', async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    const isHashedAsset = c.req.path.startsWith('/assets/');
    c.res.headers.set('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    // The answer depends on Accept-Encoding for every text file that has compressed copies.
    if (COMPRESSIBLE_FILE.test(c.req.path) && !/accept-encoding/i.test(c.res.headers.get('Vary') ?? '')) {
      c.res.headers.append('Vary', 'Accept-Encoding');
    }
  });

  // Pages and files are only read: other methods get 405, never the app page with a 200.
  app.use('*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return c.json({ error: 'This address can only be read (GET).' }, 405, { Allow: 'GET, HEAD' });
  });
  app.get('*', async (c, next) => (isAppRoute(c.req.path) ? appShell(c.req.path, 200, c.req.header('accept-encoding')) : next()));
  app.use('*', serveStatic({ root, precompressed: true }));
  app.get('*', async (c, next) =>
    c.req.header('accept')?.includes('text/html') ? appShell(c.req.path, 404, c.req.header('accept-encoding')) : next(),
  );
  return app;
}
