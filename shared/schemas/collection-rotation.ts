import { z } from 'zod';

// REST shapes of rotating from a collection (decision 047): an optional `collectionId` on the
// rotate calls, and the child a collection is brought out for.

const collectionId = z
  .string()
  .min(1, 'A collection id is required')
  .max(64, 'A collection id is 64 characters at most')
  .regex(/^[A-Za-z0-9_-]+$/, 'A collection id is letters, digits, - and _')
  .meta({ description: 'Draw from this collection only (its toys plus the kept ones); unset: every toy, the spec\'s rule' });

/** GET pickRandomToys, POST rotateChild/{childId}: `?collectionId=` draws from one collection. */
export const rotateQuerySchema = z.object({ collectionId: collectionId.optional() });

/** POST bringOutCollection/{collectionId}: `?childId=` (default: the first child). */
export const bringOutQuerySchema = z.object({
  childId: z.string().min(1).max(64, 'A child id is 64 characters at most').optional().meta({ description: 'The child it is for; unset: the first child' }),
});

/** The path parameter of bringOutCollection, checked before anything is read. */
export const collectionIdParamSchema = collectionId.meta({ description: "One of the household's collections" });
