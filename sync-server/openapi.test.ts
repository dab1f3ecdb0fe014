import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readableValidationError } from './lib/api-routes.js';
import { createTestApp, type TestApp } from './test-support/test-app.js';

// Every call of the spec's section 7 (auth, public, private, payment), as method + path, plus
// the calls the offline client and the store apps use.
const SPEC_SECTION_7 = [
  'post /api/auth/login',
  'post /api/auth/register',
  'post /api/auth/forgotpassword',
  'put /api/auth/resetpassword/{resetToken}',
  'post /api/public/contactus',
  'post /api/public/deletionform',
  'get /api/private/getusertoys',
  'get /api/private/getUserToys',
  'get /api/private/getsettings',
  'get /api/private/getuserrandomtoys',
  'get /api/private/unexcludedToysAmount',
  'get /api/private/excludedToysAmount',
  'get /api/private/pickRandomToys',
  'get /api/private/getLastRotationDate',
  'get /api/private/updateLastRotationDate',
  'get /api/private/collectionsForCurrentPlan',
  'post /api/private/addToy',
  'put /api/private/updatetoy/{id}',
  'delete /api/private/deletetoy/{id}',
  'put /api/private/updateExcludedToy/{id}',
  'put /api/private/updateFavoriteToyProporty/{id}',
  'put /api/private/updateToyRotationNumber',
  'put /api/private/updateSettings',
  'put /api/private/deleteType',
  'put /api/private/updateTypeName',
  'put /api/private/deleteBasket',
  'put /api/private/updateBasketName',
  'put /api/private/updateBasket',
  'post /api/private/deleteUser',
  'get /api/stripe/get_product_status',
  'get /api/stripe/create_checkout_link_premium',
  'get /api/stripe/billing_portal',
];

const OTHER_CALLS = [
  'get /api/health',
  'get /api/ready',
  'get /api/auth/captcha',
  'get /api/auth/me',
  'post /api/auth/renew',
  'post /api/auth/logout',
  'get /api/media/{id}',
  'put /api/media/{id}',
  'get /api/sync/stream',
  'get /api/sync/{table}/pull',
  'post /api/sync/{table}/push',
  'get /api/sync/{table}/digest',
  'get /api/stripe/config',
  'post /api/stripe/webhook',
];

// Served but not an operation of the API: the document itself, and the Prometheus metrics.
const NOT_DESCRIBED = ['get /api/openapi.json', 'get /metrics'];

/** Hono's `/updatetoy/:id` (with an optional `{regex}`) in OpenAPI form, `/updatetoy/{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?\??/g, '{$1}');

type Operation = {
  summary?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};
type Document = { openapi: string; info: { title: string; version: string }; paths: Record<string, Record<string, Operation>>; components?: Record<string, Record<string, unknown>> };

let t: TestApp;
let doc: Document;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.request('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = (await res.json()) as Document;
});
afterAll(() => t.close());

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Toy Rotation API');
    expect(doc.info.version).toBeTruthy();
    expect(doc.components?.securitySchemes?.bearer).toEqual({ type: 'http', scheme: 'bearer' });
  });

  it('describes every call of spec section 7, and the other calls clients make', () => {
    const described = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method} ${path}`));
    for (const call of [...SPEC_SECTION_7, ...OTHER_CALLS]) expect(described).toContain(call);
  });

  // A call added with app.get/app.post (or served but left out of the description) fails here,
  // so the document cannot drift from what the server answers.
  it('describes every call the app serves, and the app serves every call it describes', () => {
    const described = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method} ${path}`)));
    const calls = t.app.routes.filter((route) => route.method !== 'ALL');
    const served = new Set(calls.map((route) => `${route.method.toLowerCase()} ${openApiPath(route.path)}`));
    expect([...served].filter((call) => !described.has(call) && !NOT_DESCRIBED.includes(call))).toEqual([]);
    expect([...described].filter((call) => !served.has(call))).toEqual([]);
    // app.all and app.use register for every method: only middleware on a described path, or a
    // catch-all, may do so; anything else would be a call the document does not show.
    const describedPaths = new Set(Object.keys(doc.paths));
    const anyMethod = t.app.routes.filter((route) => route.method === 'ALL').map((route) => openApiPath(route.path));
    expect(anyMethod.filter((path) => !path.endsWith('*') && !describedPaths.has(path))).toEqual([]);
  });

  it('gives each operation a summary, answers, its path parameters and, when signed in, the bearer scheme', () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      expect(path.startsWith('/api/')).toBe(true);
      const placeholders = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(ops)) {
        expect(['get', 'post', 'put', 'patch', 'delete']).toContain(method);
        expect(op.summary, `${method} ${path}`).toBeTruthy();
        expect(op.responses['200']?.description, `${method} ${path}`).toBeTruthy();
        const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
        expect(pathParams.map((p) => p.name).sort()).toEqual([...placeholders].sort());
        for (const p of pathParams) expect(p.required).toBe(true);
        for (const [status, answer] of Object.entries(op.responses)) {
          expect(status).toMatch(/^[1-5]\d\d$/);
          if (Number(status) >= 400) expect(answer.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Error' });
        }
      }
    }
    expect(doc.paths['/api/private/getsettings']?.get?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/auth/login']?.post?.security).toEqual([]);
  });

  it('carries the body schemas the server checks, with their limits', () => {
    const body = doc.paths['/api/auth/register']?.post?.requestBody?.content['application/json']?.schema as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['username', 'email', 'password', 'tokenReCap']));
    expect(body.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(doc.paths['/api/media/{id}']?.put?.requestBody?.content).toHaveProperty('image/jpeg');
  });
});

describe('the validation hook of zod-openapi routes', () => {
  it('answers 400 {"error": "field: message"}, not the raw issue list', async () => {
    const schema = z.object({ title: z.string().min(1, 'Title is required') });
    const result = schema.safeParse({ title: '' });
    const answer = readableValidationError(result.success ? { success: true } : { success: false, error: result.error }, {
      json: (body, status) => Response.json(body, { status }),
    });
    expect(answer?.status).toBe(400);
    expect(await answer?.json()).toEqual({ error: 'title: Title is required' });
  });
});
