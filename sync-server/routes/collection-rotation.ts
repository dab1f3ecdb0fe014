import { rotateAnswerSchema } from '../../shared/schemas/rest.js';
import { bringOutQuerySchema, collectionIdParamSchema } from '../../shared/schemas/collection-rotation.js';
import type { AppDeps, MemberEnv } from '../context.js';
import { apiRouter, defineRoute, serveRoute } from '../lib/api-routes.js';
import { parseWith } from '../lib/parse.js';
import { requireMember } from '../lib/require-member.js';
import { rotateToys } from '../services/rotation/rotation.js';

// "Bring out this collection" (decision 047), under /api/private beside the rotate calls
// (pickRandomToys and rotateChild/{childId} take `?collectionId=` to draw from one collection).

const api = {
  bringOutCollection: defineRoute({
    method: 'post',
    path: '/bringOutCollection/{collectionId}',
    operationId: 'bringOutCollection',
    summary:
      "Bring out every toy of one collection (not excluded ones), plus the kept toys, as the child's current rotation; it replaces the current rotation. A collection with nothing to bring out answers rotationId null and records nothing",
    signedIn: true,
    params: { collectionId: collectionIdParamSchema },
    query: bringOutQuerySchema,
    answer: rotateAnswerSchema,
    failures: [404],
  }),
};

export function collectionRotationRoutes(deps: AppDeps) {
  const app = apiRouter<MemberEnv>();
  const auth = requireMember(deps);
  serveRoute(app, api.bringOutCollection, auth, async (c) => {
    const collectionId = parseWith(collectionIdParamSchema, c.req.param('collectionId'), 'collectionId');
    const { childId } = parseWith(bringOutQuerySchema, c.req.query());
    const result = await rotateToys(deps, c.get('owner').id, { childId, source: { kind: 'whole-collection', collectionId } });
    return c.json({ msg: result.msg, rotationId: result.rotationId, childId: result.childId, toyIds: result.toyIds });
  });
  return app;
}
