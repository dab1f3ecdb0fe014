import type { Context } from 'hono';
import { matchesEtag, type CachedAnswer } from './answer-cache.js';
import { MIN_BYTES, pickEncoding } from './compress-json.js';
import { responseWithApiHeaders } from './security-headers.js';

/**
 * Sends a cached answer: 304 when the client holds it already (If-None-Match), else its bytes
 * compressed as the client accepts (compressed once per answer, not per request). The client
 * must ask again each time (`no-cache`): the data may have changed on another device.
 */
export async function sendCachedJson(c: Context, answer: CachedAnswer): Promise<Response> {
  const headers: Record<string, string> = { ETag: answer.etag, 'Cache-Control': 'private, no-cache', Vary: 'Accept-Encoding' };
  if (matchesEtag(c.req.header('If-None-Match'), answer.etag)) return responseWithApiHeaders(null, { status: 304, headers });
  headers['Content-Type'] = 'application/json';
  const encoding = answer.plain.length >= MIN_BYTES ? pickEncoding(c.req.header('Accept-Encoding')) : undefined;
  if (!encoding) return responseWithApiHeaders(answer.plain as Uint8Array<ArrayBuffer>, { headers });
  headers['Content-Encoding'] = encoding;
  return responseWithApiHeaders((await answer.encoded(encoding)) as Uint8Array<ArrayBuffer>, { headers });
}
