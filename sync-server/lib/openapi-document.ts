import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Env } from 'hono';

// GET /api/openapi.json: the description zod-openapi builds from the declared routes
// (api-routes.ts), finished here with what a generated client and a linter expect: the server
// it lives on and a name for every operation. `npm test` lints it with Redocly's recommended
// rules (openapi-lint.sqlite.test.ts).

const INFO = {
  title: 'Toy Rotation API',
  version: '1',
  description: 'Every failure answers {"error": "..."} with a message meant for people. Paths are case-sensitive; a trailing slash is optional.',
};

type Operation = { operationId?: string };
type Document = { paths?: Record<string, Record<string, Operation>> };

/**
 * An operation's generated name: the method, then each path segment after /api, a
 * `{param}` read as "By<Param>" (`put /api/private/updatetoy/{id}` -> putPrivateUpdatetoyById).
 * A method and a path name one operation, so the names are unique; the spec's spellings
 * (`getusertoys`, `getUserToys`) stay apart since only first letters change case.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment)?.[1];
      const word = (param ? `by-${param}` : segment).replace(/[^A-Za-z0-9]+(.)?/g, (_, next: string | undefined) => (next ?? '').toUpperCase());
      return word.charAt(0).toUpperCase() + word.slice(1);
    });
  return `${method.toLowerCase()}${words.join('')}`;
}

/** The finished document of `app`, served at `appUrl` (its routes must all be registered). */
export function openApiDocument<E extends Env>(app: OpenAPIHono<E>, appUrl: string): unknown {
  const doc = app.getOpenAPI31Document({ openapi: '3.1.0', info: INFO, servers: [{ url: appUrl, description: 'This server' }] }) as Document;
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) operation.operationId ??= operationIdOf(method, path);
  }
  return doc;
}
