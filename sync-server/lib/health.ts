import { z } from 'zod';
import { defineRoute } from './api-routes.js';
import { API_SECURITY_HEADERS } from './security-headers.js';

export const healthRoute = defineRoute({ method: 'get', path: '/api/health', summary: 'The server is up', answer: z.object({ ok: z.literal(true) }) });

const HEALTH_BODY = JSON.stringify({ ok: true });
const HEALTH_URL = /^https?:\/\/[^/]+\/api\/health\/?(?:\?|$)/;

/** `{"ok":true}` with the API's headers, as a plain object that @hono/node-server writes as it is. */
export function healthAnswer(): Response {
  return new Response(HEALTH_BODY, { headers: { ...API_SECURITY_HEADERS, 'Content-Type': 'application/json' } });
}

/**
 * Load balancers and monitors call GET /api/health many times a minute; it answers before
 * routing. Through the router it matched the API's middleware too (`/api/*`), and Hono then runs
 * the whole async chain even though the route answers at once: about half its cost (issue 16,
 * `npm run bench`). The route itself stays registered (HEAD, the OpenAPI description).
 */
export function answerHealthBeforeRouting<F extends (request: Request, ...rest: never[]) => Response | Promise<Response>>(app: { fetch: F }): void {
  const routed = app.fetch;
  const first = (request: Request, ...rest: never[]) => (request.method === 'GET' && HEALTH_URL.test(request.url) ? healthAnswer() : routed(request, ...rest));
  app.fetch = first as F;
}
