import type { MiddlewareHandler } from 'hono';
import { isBodyless } from './body-limit.js';
import { badRequest } from './http-error.js';

// PostgreSQL text and jsonb cannot hold the NUL character (SQLite can): a NUL that reached a
// query there failed as a 500. No field of ours has a use for it, so it is refused at the door,
// the same on both databases, before any handler runs: in the path or query (`%00`) and in a
// JSON body (a raw NUL or the `\u0000` escape; an escaped backslash before `u0000` is text).
const NUL_IN_URL = /%00/i;
// eslint-disable-next-line no-control-regex -- the NUL character is exactly what is looked for
const NUL_IN_JSON = /\u0000|(?:^|[^\\])(?:\\\\)*\\u0000/i;

export function refuseNulCharacters(): MiddlewareHandler {
  return async (c, next) => {
    if (NUL_IN_URL.test(c.req.url)) throw badRequest('The address may not contain a NUL character.');
    // A GET or HEAD has no body; not even its headers are read (they are built on first use).
    if (!isBodyless(c.req.method) && c.req.header('content-type')?.includes('json') && NUL_IN_JSON.test(await c.req.text())) {
      throw badRequest('Text may not contain a NUL character.');
    }
    await next();
  };
}
