import type { Context, MiddlewareHandler } from 'hono';

// A request body over the limit is refused with 413 and `Connection: close` (the unread rest
// of the body cannot be told apart from a next request). Answering while the client is still
// sending, Node destroys the socket with the client's data still arriving, and the kernel
// answers that data with a reset, which can erase the 413 from the client's receive buffer
// before it is read (RFC 9112 section 9.6). So the rest of the body is read and dropped first,
// up to a bound; only past it (a script, not an app) is the answer sent at once.

/** What is read and dropped of a refused body at most, and for how long. */
const DROP_AT_MOST_BYTES = 32 * 1024 * 1024;
const DROP_AT_MOST_MS = 10_000;

type Refuse = (c: Context) => Response;

/** Hono's bodyLimit, with the refused body read to its end (bounded) before the answer. */
function limitBody(maxSize: number, refuse: Refuse): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const declared = c.req.raw.headers.get('content-length');
    if (declared !== null && !c.req.raw.headers.has('transfer-encoding')) {
      if (Number.parseInt(declared, 10) <= maxSize) return next();
      await dropRest(body.getReader(), 0);
      return refuse(c);
    }
    // No declared length: count while reading, and keep what fits for the handler.
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxSize) {
        await dropRest(reader, size);
        return refuse(c);
      }
      chunks.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
    return next();
  };
}

async function dropRest(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number): Promise<void> {
  const deadline = Date.now() + DROP_AT_MOST_MS;
  let read = alreadyRead;
  let timer: NodeJS.Timeout | undefined;
  try {
    while (read < DROP_AT_MOST_BYTES) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      const next = await Promise.race([reader.read(), new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), left)))]);
      clearTimeout(timer);
      if (next === 'late' || next.done) break;
      read += next.value.length;
    }
  } catch {
    // the client went away: nothing left to protect
  } finally {
    clearTimeout(timer);
    reader.cancel().catch(() => {});
  }
}

const MAX_BODY_BYTES = 3 * 1024 * 1024; // a 2 MB image as a data URL is ~2.7 MB of JSON

/** True for the methods whose requests we never read a body of. */
export function isBodyless(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/**
 * The API's request size limit (3 MB), except on `exceptPath`, which sets its own. GET and HEAD
 * pass untouched: reading `c.req.raw.body` on @hono/node-server builds the full Request (and an
 * AbortController) for every call, though a GET has no body to limit.
 */
export function requestBodyLimit(exceptPath: string): MiddlewareHandler {
  // Too large: say the connection closes rather than promise keep-alive, after the body in
  // flight has been read, so the answer is not lost to a reset.
  const limit = limitBody(MAX_BODY_BYTES, (c) => c.json({ error: 'The request is too large (3 MB at most).' }, 413, { Connection: 'close' }));
  return (c, next) => {
    if (isBodyless(c.req.method) || c.req.path.replace(/\/+$/, '') === exceptPath) return next();
    return limit(c, next);
  };
}
