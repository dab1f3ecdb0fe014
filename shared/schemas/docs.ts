import { z } from 'zod';

// The replicated documents: one zod schema each is the single source for the RxDB schema
// on the client, the sync push validation on the server, and the TypeScript types.
// Times are epoch milliseconds. `_deleted` is added by the replication protocol.

export const UNCATEGORIZED_ID = 'uncategorized';
export const UNCATEGORIZED_NAME = 'Uncategorized';

const id = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'ids are letters, digits, - and _');
/** A stored photo: the lower-case hex SHA-256 of its bytes. */
export const mediaIdSchema = z.string().regex(/^[a-f0-9]{64}$/, 'a media id is a SHA-256 hex digest');

export const TITLE_MAX = 200;
export const CAPTION_MAX = 2000;
export const LIST_NAME_MAX = 60;

export const toyDocSchema = z.object({
  id,
  title: z.string().trim().min(1, 'Title is required').max(TITLE_MAX),
  categoryId: id,
  caption: z.string().max(CAPTION_MAX),
  mediaId: mediaIdSchema.nullable(),
  collectionIds: z.array(id).max(50),
  excluded: z.boolean(),
  favorite: z.boolean(),
  createdAt: z.number().int().nonnegative(),
  lastRotatedAt: z.number().int().nonnegative().nullable(),
  // Room for what comes next, without a migration:
  location: z.string().max(200).nullable(),
  retired: z.boolean(),
  feedback: z.string().max(2000).nullable(),
});
export type ToyDoc = z.infer<typeof toyDocSchema>;

export const listKindSchema = z.enum(['category', 'collection']);
export type ListKind = z.infer<typeof listKindSchema>;

/** A category or a collection (kept in one collection to stay under RxDB's limit). */
export const listDocSchema = z.object({
  id,
  kind: listKindSchema,
  name: z.string().trim().min(1).max(LIST_NAME_MAX),
  position: z.number(),
  createdAt: z.number().int().nonnegative(),
});
export type ListDoc = z.infer<typeof listDocSchema>;

/** One per user; `id` is the user's id. Plan and limits are written only by the server. */
export const settingsDocSchema = z.object({
  id,
  rotationToysNumber: z.number().int().min(0).max(500),
  lastRotationDate: z.number().int().nonnegative().nullable(),
  tipsDismissed: z.boolean(),
  plan: z.enum(['free', 'paid']),
  toysLimit: z.number().int().nonnegative(),
  collectionsLimit: z.number().int().nonnegative(),
});
export type SettingsDoc = z.infer<typeof settingsDocSchema>;

/** One rotation in the history: when, and which toys came out (in the order shown). */
export const rotationDocSchema = z.object({
  id,
  createdAt: z.number().int().nonnegative(),
  toyIds: z.array(id).max(500),
});
export type RotationDoc = z.infer<typeof rotationDocSchema>;

export const SYNC_COLLECTIONS = ['toys', 'lists', 'settings', 'rotations'] as const;
export type SyncCollection = (typeof SYNC_COLLECTIONS)[number];
