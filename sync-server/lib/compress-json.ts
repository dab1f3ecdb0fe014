import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this a compressed body saves less than the headers cost (the same bound as hono/compress). */
export const MIN_BYTES = 1024;
const JSON_TYPE = /^\s*application\/(?:[^;\s]+\+)?json(?:[;\s]|$)/i;

export type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts: brotli, then gzip (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*') ?? 0;
  for (const encoding of ['br', 'gzip'] as const) {
    if ((accepted.get(encoding) ?? wildcard) > 0) return encoding;
  }
  return undefined;
}

/** Brotli at a fast quality (smaller than gzip 6 and about as quick), or gzip; on zlib's thread pool. */
export function compressBytes(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzip(body, { level: 6 });
}

/**
 * Compresses the API's large JSON answers. Every answer made by `c.json` passes through here
 * with its text: the text's length says whether it is worth compressing, so a small answer
 * (`{"ok":true}`, an error) goes out exactly as built, its body never read back (reading
 * `res.body` makes @hono/node-server build a full Response instead of writing the string).
 * Answers made another way (streams such as the sync stream, photos, files) are left alone.
 */
export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    let large: { text: string; res: Response } | undefined;
    const body = c.body;
    // What Hono's own c.json does (stringify, then a body with a JSON type unless one is given),
    // keeping the text of a large answer.
    c.json = ((object: unknown, arg?: Parameters<Context['body']>[1], headers?: Record<string, string | string[]>) => {
      const text = JSON.stringify(object);
      const res = body(text, arg as never, { 'Content-Type': 'application/json', ...headers });
      if (text !== undefined && text.length >= MIN_BYTES) large = { text, res };
      return res;
    }) as unknown as typeof c.json; // the same function at run time; its typed answer is only for type checks
    await next();
    // Another answer replaced it (an error after c.json, a middleware): not ours to change.
    if (!large || c.res !== large.res) return;
    const res = large.res;
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206) return;
    if (res.headers.has('Content-Encoding') || !JSON_TYPE.test(res.headers.get('Content-Type') ?? '')) return;
    const encoding = pickEncoding(c.req.header('Accept-Encoding'));
    if (!encoding) {
      res.headers.append('Vary', 'Accept-Encoding');
      return;
    }
    const packed = await compressBytes(Buffer.from(large.text), encoding);
    const headers = new Headers(res.headers);
    headers.append('Vary', 'Accept-Encoding');
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(packed.length));
    c.res = undefined; // replaced, not merged: the old headers are already copied
    c.res = new Response(packed as Uint8Array<ArrayBuffer>, { status: res.status, headers }); // zlib's output is never shared memory
  };
}
