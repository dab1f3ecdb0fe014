import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { Env, Handler, MiddlewareHandler } from 'hono';
import { z } from 'zod';

// The REST API is declared once, as OpenAPI route configs carrying their zod schemas: the same
// declaration is served (serveRoute) and described in GET /api/openapi.json. Handlers parse the
// body with the declared schema (`parseJson(c, route.body)`), so a bad body keeps the house
// answer 400 {"error": "field: message"} (docs/decisions/013-openapi-and-server-shape.md).

const errorSchema = z.object({ error: z.string() }).meta({ id: 'Error' });

const FAILURES: Record<number, string> = {
  400: 'Bad input, e.g. {"error": "title: Title is required"}; nothing changed',
  401: 'No live session for the bearer token',
  403: 'Refused: a plan limit or quota, a captcha, or an account rule',
  404: 'Not found',
  409: 'Conflict with the current state',
  413: 'The request is too large (3 MB at most)',
  415: 'Unsupported Content-Type',
  429: 'Too many attempts; Retry-After says when to try again',
  502: 'Stripe could not be reached; nothing changed',
  503: 'Not available right now: a service it needs (database, photo store) is unreachable, or the server is busy (Retry-After says when to try again), or it is not set up on this server (e.g. payments)',
};

/** Answers that are bytes, not text: described as binary strings. */
const BINARY_TYPES = /^(?:image\/|application\/(?:zip|octet-stream))/;
const MEDIA_TYPE = /^[a-z]+\/[\w.+-]+$/;

/** The OpenAPI content of a non-JSON answer in these media types. */
function rawContent(types: readonly string[]) {
  return Object.fromEntries(types.map((type) => [type, { schema: BINARY_TYPES.test(type) ? z.string().meta({ format: 'binary' }) : z.string() }]));
}

export type RouteSpec<B extends z.ZodType> = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI form: `/updatetoy/{id}`. */
  path: string;
  summary: string;
  /** The JSON body the handler parses. */
  body?: B;
  /** A body of raw bytes instead, in one of these media types. */
  upload?: string[];
  /** Query parameters. */
  query?: z.ZodObject;
  /**
   * The 200 answer: a schema; or, when it is not JSON, its media type (`text/calendar`) or a
   * description, with `answerTypes` naming its media types.
   */
  answer: z.ZodType | string;
  /** The media types of a non-JSON answer (`['image/jpeg', 'image/png']`). */
  answerTypes?: readonly string[];
  /**
   * The name generated clients give the call. Unset: made from the method and the full path
   * when the document is built (lib/openapi-document.ts), so every operation has one.
   */
  operationId?: string;
  /** Needs `Authorization: Bearer <token>`. */
  signedIn?: boolean;
  /** Path parameters that have a stricter schema than a string. */
  params?: Record<string, z.ZodType>;
  /** Failure statuses beside 400 (with a body), 401 (signedIn) and 429/413 where they apply. */
  failures?: number[];
};

/** A route declaration: the OpenAPI config, plus the body schema the handler parses with. */
export function defineRoute<B extends z.ZodType = z.ZodUnknown>(spec: RouteSpec<B>): RouteConfig & { body: B } {
  const names = [...spec.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  const statuses = new Set([...(spec.body || spec.query ? [400] : []), ...(spec.signedIn ? [401] : []), ...(spec.failures ?? [])]);
  const config: RouteConfig = {
    method: spec.method,
    path: spec.path,
    summary: spec.summary,
    ...(spec.operationId ? { operationId: spec.operationId } : {}),
    // An empty list says "no sign-in needed" in so many words (a missing one would inherit a default).
    security: spec.signedIn ? [{ bearer: [] }] : [],
    request: {
      ...(names.length > 0
        ? { params: z.object(Object.fromEntries(names.map((name) => [name, spec.params?.[name] ?? z.string()]))) }
        : {}),
      ...(spec.query ? { query: spec.query } : {}),
      ...(spec.body ? { body: { required: true, content: { 'application/json': { schema: spec.body } } } } : {}),
      ...(spec.upload
        ? { body: { required: true, content: Object.fromEntries(spec.upload.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }])) } }
        : {}),
    },
    responses: {
      200: answerOf(spec),
      ...Object.fromEntries(
        [...statuses].sort().map((status) => [
          status,
          { description: FAILURES[status] ?? 'Failure', content: { 'application/json': { schema: errorSchema } } },
        ]),
      ),
    },
  };
  return Object.assign(config, { body: (spec.body ?? z.unknown()) as B });
}

function answerOf(spec: RouteSpec<z.ZodType>) {
  if (typeof spec.answer !== 'string') return { description: 'OK', content: { 'application/json': { schema: spec.answer } } };
  const types = spec.answerTypes ?? (MEDIA_TYPE.test(spec.answer) ? [spec.answer] : []);
  return { description: spec.answer, ...(types.length > 0 ? { content: rawContent(types) } : {}) };
}

/** A resource sub-app whose routes are described in the OpenAPI document. */
export function apiRouter<E extends Env = Env>() {
  return new OpenAPIHono<E>({ defaultHook: readableValidationError });
}

/**
 * Routes served through zod-openapi's own validation (`app.openapi`) answer a failed check the
 * house way, never with zod's raw issue list.
 */
export function readableValidationError(
  result: { success: true } | { success: false; error: z.ZodError },
  c: { json: (body: { error: string }, status: 400) => Response },
): Response | undefined {
  if (result.success) return undefined;
  return c.json({ error: describeIssue(result.error) }, 400);
}

/** The first issue as "field: message" (the form the forms show next to a field). */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue?.message ?? 'Invalid request'}`;
}

/** Registers `route` in the app's OpenAPI description and serves it (`{id}` becomes Hono's `:id`). */
export function serveRoute<E extends Env>(
  app: OpenAPIHono<E>,
  route: RouteConfig,
  ...handlers: [...MiddlewareHandler<E>[], Handler<E>]
): void {
  describeRoute(app, route);
  const path = route.path.replace(/\{(\w+)\}/g, ':$1');
  const on = app.on.bind(app) as unknown as (method: string, path: string, ...h: unknown[]) => void;
  on(route.method.toUpperCase(), path, ...handlers);
}

/** Adds `route` to the app's OpenAPI description only (for routes served another way). */
export function describeRoute<E extends Env>(app: OpenAPIHono<E>, route: RouteConfig): void {
  // The body schema is ours (RouteConfig & { body }); the registry only wants the config.
  const config: RouteConfig & { body?: unknown } = { ...route };
  delete config.body;
  app.openAPIRegistry.registerPath(config);
}
