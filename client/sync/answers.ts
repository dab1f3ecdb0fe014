import type { z } from 'zod';
import { ServerError, UNEXPECTED_ANSWER_MESSAGE } from '../lib/http.js';

/**
 * A sync answer parsed with its shared schema (shared/schemas/sync.ts; issue 11, item 4). One
 * of another shape (a server of another version) is a ServerError, which the replication
 * retries: it is never written into the local database.
 */
export async function readAnswer<T>(response: Response, schema: z.ZodType<T>): Promise<T> {
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new ServerError(UNEXPECTED_ANSWER_MESSAGE, response.status);
  return parsed.data;
}
