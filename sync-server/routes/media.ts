import { Hono } from 'hono';
import type { AppDeps, AuthedEnv } from '../context.js';
import { HttpError } from '../lib/http-error.js';
import { requireUser } from '../lib/require-user.js';
import { readMedia } from '../services/media/media-store.js';
import { UPLOAD_TYPES, uploadMedia } from '../services/media/upload.js';

/**
 * Photos. GET needs no token: <img> tags cannot send one, and ids are SHA-256 hashes of the
 * content, so they cannot be guessed. Content never changes for an id: cache forever.
 */
export function mediaRoutes(deps: AppDeps) {
  const app = new Hono<AuthedEnv>();

  app.get('/:id', async (c) => {
    const media = await readMedia(deps.db, deps.env.DATA_DIR, c.req.param('id'));
    if (!media) return c.json({ error: 'This photo was not found.' }, 404);
    return c.body(media.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': media.mime,
      'Content-Length': String(media.bytes.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  app.put('/:id', requireUser(deps), async (c) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!UPLOAD_TYPES.includes(type)) throw new HttpError(415, 'Upload a JPEG or PNG image (Content-Type image/jpeg or image/png).');
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const { id, created } = await uploadMedia(deps, c.get('user').id, c.req.param('id'), bytes);
    return c.json({ id }, created ? 201 : 200);
  });

  return app;
}
