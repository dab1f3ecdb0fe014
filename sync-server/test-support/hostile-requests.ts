import fc from 'fast-check';
import type { App } from '../app.js';
import { makePng } from './test-images.js';
import { toyDoc } from './docs.js';

// Generators of malformed and hostile requests for the fuzz test (sync-server/fuzz.test.ts).
// `known` holds real ids of the test's data (a toy, another user's photo, user ids), filled in
// once the data exists; `tokens` are read when each request is built, so a session the fuzz
// ended can be replaced.

export type FuzzContext = {
  app: () => App;
  known: Record<string, string>;
  tokens: () => { owner: string; other: string };
};

export function hostileRequests(ctx: FuzzContext) {
  const hostileString = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.string({ unit: 'grapheme', maxLength: 30 }),
    fc.constantFrom(
      '',
      ' ',
      '..',
      '../../etc/passwd',
      '%2e%2e%2f',
      '\u0000',
      '\u202e',
      '<script>alert(1)</script>',
      "' OR 1=1 --",
      '"; DROP TABLE users; --',
      '__proto__',
      'constructor',
      'prototype',
      'null',
      'undefined',
      'NaN',
      '-1',
      '1e309',
      '9007199254740993',
      'data:image/png;base64,iVBORw0KGgo=',
      'data:image/png;base64,' + 'A'.repeat(4000),
      'a'.repeat(5000),
      '😀'.repeat(200),
      'uncategorized',
      'Uncategorized',
    ),
  );

  const knownId = fc.constantFrom('toyId', 'otherPhoto', 'ownerId', 'otherId').map((key) => ctx.known[key]!);

  const jsonish: fc.Arbitrary<unknown> = fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 3 }),
    hostileString,
    knownId,
    fc.constantFrom(true, false, null, 0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER + 2, [], {}),
  );

  const FIELDS = [
    'email', 'password', 'username', 'tokenReCap', 'title', 'data', 'type', 'caption', 'basket', 'toyTypes',
    'toysBaskets', 'typeToDelete', 'basketToDelete', 'oldName', 'newName', 'rotationToysNumber', 'excludedToy',
    'favoriteToy', 'toyId', 'subject', 'message', 'deleteAccount', 'name', 'id', 'kind',
  ];
  const DOC_FIELDS = [
    'id', 'title', 'categoryId', 'caption', 'mediaId', 'collectionIds', 'excluded', 'favorite', 'createdAt',
    'lastRotatedAt', 'location', 'retired', 'feedback', '_deleted', 'kind', 'name', 'position', 'toyIds',
    'rotationToysNumber', 'plan', 'toysLimit', 'collectionsLimit', 'lastRotationDate', 'tipsDismissed',
  ];

  const validToy = toyDoc('fuzz-toy');

  const almostValidDoc = fc
    .tuple(fc.constantFrom(...DOC_FIELDS), jsonish)
    .map(([field, value]) => ({ ...validToy, [field]: value }));
  const docLike = fc.oneof(almostValidDoc, fc.dictionary(fc.constantFrom(...DOC_FIELDS), jsonish, { maxKeys: 8 }));

  type Body = { text?: string; bytes?: Uint8Array };

  const body: fc.Arbitrary<Body> = fc.oneof(
    fc.constant<Body>({}),
    fc.dictionary(fc.constantFrom(...FIELDS), jsonish, { maxKeys: 6 }).map((value) => ({ text: JSON.stringify(value) })),
    fc.array(fc.record({ newDocumentState: docLike, assumedMasterState: fc.option(docLike, { nil: undefined }) }), { maxLength: 4 }).map((rows) => ({ text: JSON.stringify(rows) })),
    jsonish.map((value) => ({ text: JSON.stringify(value) ?? 'undefined' })),
    hostileString.map((text) => ({ text })),
    fc.constantFrom<Body>(
      { text: '{"__proto__":{"polluted":true},"email":"a@b.co","password":"x"}' },
      { text: '{"constructor":{"prototype":{"polluted":true}}}' },
      { text: '{"email":' },
      { text: '[' .repeat(5000) + ']'.repeat(5000) },
      { text: '{"a":'.repeat(3000) + '1' + '}'.repeat(3000) },
    ),
    fc.uint8Array({ maxLength: 256 }).map((bytes) => ({ bytes })),
    fc.integer({ min: 1, max: 1000 }).map((seed) => ({ bytes: makePng(3, 3, seed) })),
  );

  type Route = { method: string; path: string };

  function allRoutes(): Route[] {
    const seen = new Map<string, Route>();
    for (const route of ctx.app().routes) {
      const methods = route.method === 'ALL' ? ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] : [route.method];
      for (const method of methods) seen.set(`${method} ${route.path}`, { method, path: route.path });
    }
    // The built client's pages, and paths no route names.
    for (const pathname of ['/', '/inventory', '/resetpassword/x', '/assets/index-abc.js', '/api/nope', '/nope']) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE']) seen.set(`${method} ${pathname}`, { method, path: pathname });
    }
    return [...seen.values()];
  }

  const segment = fc.oneof(
    knownId,
    hostileString.filter((s) => s.length > 0 && s.length < 300).map((s) => encodeURIComponent(s)),
    fc.constantFrom('toys', 'lists', 'settings', 'rotations', 'nope', '%2e%2e', '..%2f..%2f', 'a'.repeat(64), 'f'.repeat(64)),
  );

  const query = fc.option(
    fc.dictionary(fc.constantFrom('checkpoint', 'seq', 'id', 'batchSize', 'token', 'x'), hostileString, { maxKeys: 3 }),
    { nil: undefined },
  );

  const requestArb = fc.record({
    route: fc.constant(null).chain(() => fc.constantFrom(...allRoutes())),
    params: fc.array(segment, { minLength: 4, maxLength: 4 }),
    query,
    body,
    contentType: fc.constantFrom(undefined, 'application/json', 'text/plain', 'image/png', 'image/jpeg', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16'),
    // Mostly a valid session, so the requests reach validation and the services behind it.
    auth: fc.oneof({ arbitrary: fc.constant('owner' as const), weight: 6 }, fc.constantFrom('none', 'other', 'garbage', 'long', 'basic')),
    ip: fc.constantFrom('192.0.2.1', '192.0.2.2', '2001:db8::1', '::ffff:198.51.100.4'),
    forwardedFor: fc.option(fc.constantFrom('1.2.3.4', 'garbage, 5.6.7.8', '::1', ''.padEnd(300, '1,')), { nil: undefined }),
  });

  type Generated = typeof requestArb extends fc.Arbitrary<infer T> ? T : never;

  function toRequest(r: Generated): { url: string; init: RequestInit } {
    let i = 0;
    const filled = r.route.path
      .split('/')
      .map((part) => (part.startsWith(':') || part === '*' ? r.params[i++ % r.params.length]! : part))
      .join('/');
    const search = r.query ? `?${new URLSearchParams(r.query).toString()}` : '';
    const headers: Record<string, string> = {};
    if (r.contentType) headers['content-type'] = r.contentType;
    const token = { none: '', owner: `Bearer ${ctx.tokens().owner}`, other: `Bearer ${ctx.tokens().other}`, garbage: 'Bearer not-a-token', long: `Bearer ${'x'.repeat(4000)}`, basic: 'Basic YTpi' }[r.auth];
    if (token) headers.authorization = token;
    if (r.forwardedFor) headers['x-forwarded-for'] = r.forwardedFor;
    if (r.route.path.includes('webhook')) headers['stripe-signature'] = 't=1,v1=deadbeef';
    const canHaveBody = r.route.method !== 'GET' && r.route.method !== 'HEAD';
    const payload = canHaveBody ? (r.body.bytes ? Buffer.from(r.body.bytes) : r.body.text) : undefined;
    return { url: `${filled}${search}`, init: { method: r.route.method, headers, body: payload } };
  }

  return { requestArb, toRequest };
}
