import { z } from 'zod';
import { CAPTION_MAX, LIST_NAME_MAX, TITLE_MAX } from './docs.js';

// Payloads and answers of the spec's REST calls (spec section 7, /api/private/*). The field
// names are the spec's (`type`, `basket`, `cloudinaryId` ...); categories and collections
// travel as NAMES here, while the replicated documents reference them by id.

/** A toy as the REST calls answer it. `cloudinaryId` holds the media id ('' when none). */
export const restToySchema = z.object({
  _id: z.string(),
  title: z.string(),
  type: z.string(),
  caption: z.string(),
  cloudinaryId: z.string(),
  basket: z.array(z.string()),
  excludedToy: z.boolean(),
  favoriteToy: z.boolean(),
  createdAt: z.string(), // ISO 8601
});
export type RestToy = z.infer<typeof restToySchema>;

/**
 * GET getsettings answers a list of one of these. The calls that change categories or
 * collections (updateSettings, deleteType, updateTypeName, deleteBasket, updateBasketName)
 * answer the same list, as it is after the change.
 */
export const restSettingsSchema = z.object({
  toysLimit: z.number().int(),
  rotationToysNumber: z.number().int(),
  toyTypes: z.array(z.string()), // category names by position, Uncategorized first
  toysBaskets: z.array(z.string()), // collection names by position
  id: z.string(),
});
export type RestSettings = z.infer<typeof restSettingsSchema>;

export const lastRotationDateSchema = z.object({ lastRotationDate: z.string().nullable() });
export type LastRotationDate = z.infer<typeof lastRotationDateSchema>;

export const msgSchema = z.object({ msg: z.string() });

const title = z.string().trim().min(1, 'Title is required').max(TITLE_MAX, `Title is too long (${TITLE_MAX} characters at most)`);
const caption = z.string().max(CAPTION_MAX, `Notes are too long (${CAPTION_MAX} characters at most)`);
const listName = z.string().max(LIST_NAME_MAX, `Names are ${LIST_NAME_MAX} characters at most`);
const nameList = z.array(listName).max(200, 'Too many names');

/** POST addToy. `data` is the photo as a data URL (JPEG or PNG); `type` a category name. */
export const addToyBodySchema = z.object({
  data: z.string().min(1, 'Image was not picked'),
  title,
  type: z.string().trim().max(LIST_NAME_MAX).optional(),
  caption: caption.optional(),
});
export type AddToyBody = z.infer<typeof addToyBodySchema>;

/**
 * PUT updatetoy/:id. `data`: a new photo as a data URL; or the toy's current media id
 * (or another of the user's media ids), empty or absent to keep the current photo.
 */
export const updateToyBodySchema = z.object({
  data: z.string().optional().nullable(),
  title,
  type: z.string().trim().max(LIST_NAME_MAX).optional(),
  caption: caption.optional(),
});
export type UpdateToyBody = z.infer<typeof updateToyBodySchema>;

export const addToyAnswerSchema = z.object({ msg: z.string(), toy: restToySchema });

export const updateExcludedBodySchema = z.object({ excludedToy: z.boolean() });
export const updateFavoriteBodySchema = z.object({ favoriteToy: z.boolean() });

const WHOLE_NUMBER = 'The number of toys must be a whole number';

/** A number input may arrive as a number or as its text ("4"); nothing else counts. */
export const updateRotationNumberBodySchema = z.object({
  rotationToysNumber: z.union([
    z.number({ message: WHOLE_NUMBER }),
    z.string().trim().regex(/^-?\d+$/, WHOLE_NUMBER).transform(Number),
  ], { message: WHOLE_NUMBER }).pipe(z.number().int(WHOLE_NUMBER)),
});

/** PUT updateSettings: the full new list of category names, or of collection names. */
export const updateSettingsBodySchema = z.union([
  z.object({ toyTypes: nameList }),
  z.object({ toysBaskets: nameList }),
], { message: 'Send toyTypes or toysBaskets as a list of names' });
export type UpdateSettingsBody = z.infer<typeof updateSettingsBodySchema>;

export const deleteTypeBodySchema = z.object({ typeToDelete: z.string().min(1, 'Which category?') });

/** `toyTypes` is the client's view of the list (before or after the rename); `index` is in it. */
export const updateTypeNameBodySchema = z.object({
  newTypeName: listName,
  index: z.number().int().min(0),
  toyTypes: nameList.optional(),
});

/** `newToysBaskets` (the client's list after the deletion) is accepted and not needed. */
export const deleteBasketBodySchema = z.object({
  basketToDelete: z.string().min(1, 'Which collection?'),
  newToysBaskets: nameList.optional(),
});

/** The full list of collection names after renaming: same length and order as the current one. */
export const updateBasketNameBodySchema = z.object({ toysBaskets: nameList });

/**
 * PUT updateBasket: put the toys `ids` into the collection named `basket`, or take them out
 * of it with `remove: true` (an addition to the spec, for the collection page's remove icon).
 */
export const updateBasketBodySchema = z.object({
  ids: z.array(z.string().min(1)).min(1, 'Select at least one toy').max(500),
  basket: z.string().min(1, 'Which collection?'),
  remove: z.boolean().optional(),
});
export type UpdateBasketBody = z.infer<typeof updateBasketBodySchema>;
