import type { Context } from 'hono';
import type { z } from 'zod';
import { describeIssue } from './api-routes.js';
import { badRequest } from './http-error.js';

/** Reads a JSON body and validates it; any problem is a 400 with a readable {error}. */
export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest('The request body must be valid JSON.');
  }
  return parseWith(schema, body);
}

/** `where` prefixes the message (a sync push says which row: "row 3: toys.title: ..."). */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, where?: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(`${where ? `${where}: ` : ''}${describeIssue(result.error)}`);
  return result.data;
}
