import { z } from 'zod';
import { mediaIdSchema } from '../../shared/schemas/docs.js';
import type { AppDeps, MemberEnv } from '../context.js';
import { apiRouter, defineRoute, serveRoute } from '../lib/api-routes.js';
import { HttpError } from '../lib/http-error.js';
import { requireMember } from '../lib/require-member.js';
import { matchesEtag } from '../lib/answer-cache.js';
import { mediaExists, readMedia } from '../services/media/media-store.js';
import { UPLOAD_TYPES, uploadMedia } from '../services/media/upload.js';

const mediaApi = {
  read: defineRoute({
    method: 'get',
    path: '/{id}',
    summary: 'A photo (JPEG); no sign-in (ids are content hashes); kept by the browser only (private), never by shared caches',
    params: { id: mediaIdSchema },
    answer: 'The image bytes',
    answerTypes: ['image/jpeg', 'image/png'],
    failures: [404],
  }),
  upload: defineRoute({
    method: 'put',
    path: '/{id}',
    summary: 'Upload a photo under its SHA-256 id (201 when new, 200 when already there); within 72 hours of leaving, to the household left (x-hand-in)',
    signedIn: true,
    params: { id: mediaIdSchema },
    upload: [...UPLOAD_TYPES],
    answer: z.object({ id: z.string() }),
    failures: [400, 403, 413, 415],
  }),
};

/**
 * A family's photos are kept by the browser that shows them, for good (the content of an id
 * never changes), and by no shared cache on the way (a proxy, a CDN): `private`.
 */
const PHOTO_CACHING = 'private, max-age=31536000, immutable';

/**
 * Photos. GET needs no token: <img> tags cannot send one, and ids are SHA-256 hashes of the
 * content, so they cannot be guessed.
 */
export function mediaRoutes(deps: AppDeps) {
  const app = apiRouter<MemberEnv>();

  serveRoute(app, mediaApi.read, async (c) => {
    const id = c.req.param('id') ?? '';
    // The bytes under an id never change, so the id is the ETag: a browser that holds the photo
    // asks again without its bytes moving (nor the photo store being read).
    const etag = `"${id}"`;
    const headers = { ETag: etag, 'Cache-Control': PHOTO_CACHING, 'X-Content-Type-Options': 'nosniff' };
    if (matchesEtag(c.req.header('If-None-Match'), etag) && (await mediaExists(deps.db, id))) return c.body(null, 304, headers);
    const media = await readMedia(deps, id);
    if (!media) return c.json({ error: 'This photo was not found.' }, 404);
    return c.body(media.bytes as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Type': media.mime, 'Content-Length': String(media.bytes.length) });
  });

  // A removed member's device hands in the photos of its waiting toys the way it hands in the
  // toys (decision 016): for 72 hours, to the household left, write-only; never a read.
  serveRoute(app, mediaApi.upload, requireMember(deps, { handIn: true }), async (c) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!UPLOAD_TYPES.includes(type)) throw new HttpError(415, 'Upload a JPEG or PNG image (Content-Type image/jpeg or image/png).');
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const { id, created } = await uploadMedia(deps, c.get('owner'), c.req.param('id') ?? '', bytes);
    return c.json({ id }, created ? 201 : 200);
  });

  return app;
}
