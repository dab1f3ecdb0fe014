import { z } from 'zod';
import {
  birthMonthSchema,
  birthYearSchema,
  CAPTION_MAX,
  CHILD_NAME_MAX,
  LIST_NAME_MAX,
  LOCATION_MAX,
  OBSERVATIONS,
  RETIRE_NOTE_MAX,
  retireReasonSchema,
  ROTATION_MODES,
  rotationIntervalSchema,
  rotationModeSchema,
  TITLE_MAX,
} from './docs.js';

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
  // Issue 14 (additions to the spec's shape):
  /** Storage place, '' when none. */
  location: z.string(),
  /** Ids of the children the toy is for; empty = every child. */
  childIds: z.array(z.string()),
  retired: z.boolean(),
  retiredReason: z.string().nullable(),
  retiredNote: z.string().nullable(),
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
  // Issue 14 (additions): the household's picking mode and the first child's schedule.
  rotationMode: z.enum(ROTATION_MODES),
  rotationIntervalDays: z.number().int().nullable(),
  /** The first child's next due day (YYYY-MM-DD in the household's time zone), or null without a schedule. */
  nextRotationDue: z.string().nullable(),
  reminderEmail: z.boolean(),
  timeZone: z.string().nullable(),
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

/** The answer of addToy and updatetoy: the message and the toy as stored. */
export const toyAnswerSchema = z.object({ msg: z.string(), toy: restToySchema });

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

/** Issue 14: household and first-child options updateSettings also takes (one or more). */
export const practiceSettingsSchema = z
  .object({
    rotationMode: rotationModeSchema.optional(),
    rotationIntervalDays: rotationIntervalSchema.optional(),
    reminderEmail: z.boolean({ message: 'reminderEmail is true or false' }).optional(),
    timeZone: z.string().max(64).nullable().optional(),
  })
  .strict();
export type PracticeSettings = z.infer<typeof practiceSettingsSchema>;

const hasPracticeSetting = (body: PracticeSettings) => Object.values(body).some((value) => value !== undefined);

/**
 * PUT updateSettings: the full new list of category names, or of collection names (the spec);
 * or any of rotationMode, rotationIntervalDays, reminderEmail, timeZone (issue 14).
 */
export const updateSettingsBodySchema = z.union([
  z.object({ toyTypes: nameList }),
  z.object({ toysBaskets: nameList }),
  practiceSettingsSchema.refine(hasPracticeSetting),
], { message: 'Send toyTypes or toysBaskets as a list of names, or rotationMode, rotationIntervalDays, reminderEmail or timeZone' });

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

// --- Issue 14: the rotation practice calls (/api/private/*, decision 018) ---

const childName = z.string().trim().min(1, "The child's name is required").max(CHILD_NAME_MAX, `A child's name is ${CHILD_NAME_MAX} characters at most`);
const rotationCount = z.number({ message: WHOLE_NUMBER }).int(WHOLE_NUMBER).min(0, 'The number of toys is 0 to 500').max(500, 'The number of toys is 0 to 500');

export const restChildSchema = z.object({
  id: z.string(),
  first: z.boolean(),
  name: z.string(),
  birthMonth: z.number().int().nullable(),
  birthYear: z.number().int().nullable(),
  rotationToysNumber: z.number().int(),
  rotationIntervalDays: z.number().int().nullable(),
  lastRotationDate: z.string().nullable(), // ISO 8601
  nextRotationDue: z.string().nullable(), // YYYY-MM-DD
  rotationDue: z.boolean(),
});
export type RestChild = z.infer<typeof restChildSchema>;

/** POST addChild. */
export const addChildBodySchema = z.object({
  name: childName,
  birthMonth: birthMonthSchema.optional(),
  birthYear: birthYearSchema.optional(),
  rotationToysNumber: rotationCount.optional(),
  rotationIntervalDays: rotationIntervalSchema.optional(),
}).strict();

/** PUT updateChild/{childId}: any of the fields (the first child's name may be ''). */
export const updateChildBodySchema = z.object({
  name: z.string().trim().max(CHILD_NAME_MAX, `A child's name is ${CHILD_NAME_MAX} characters at most`).optional(),
  birthMonth: birthMonthSchema.optional(),
  birthYear: birthYearSchema.optional(),
  rotationToysNumber: rotationCount.optional(),
  rotationIntervalDays: rotationIntervalSchema.optional(),
}).strict();
export type UpdateChildBody = z.infer<typeof updateChildBodySchema>;

export const rotateAnswerSchema = z.object({
  msg: z.string(),
  /** Null when there was nothing to bring out: then nothing is recorded. */
  rotationId: z.string().nullable(),
  childId: z.string(),
  toyIds: z.array(z.string()),
});

/** A toy on the swap list or in the history: what a parent needs to find it. */
const restToyRefSchema = z.object({ _id: z.string(), title: z.string(), type: z.string(), location: z.string() });

export const swapListSchema = z.object({
  childId: z.string(),
  rotationId: z.string().nullable(),
  putAway: z.array(restToyRefSchema),
  bringOut: z.array(restToyRefSchema),
});

export const restRotationSchema = z.object({
  id: z.string(),
  childId: z.string(),
  childName: z.string(),
  createdAt: z.string(),
  rotatedBy: z.object({ id: z.string(), username: z.string() }).nullable(),
  toys: z.array(restToyRefSchema),
  observations: z.record(z.string(), z.enum(OBSERVATIONS)),
});

export const historyQuerySchema = z.object({
  childId: z.string().max(64).optional(),
  limit: z.string().regex(/^\d+$/, 'limit is a whole number').optional(),
});

/** PUT observeToy/{rotationId}: how a toy went (null clears the note). */
export const observeBodySchema = z.object({
  toyId: z.string().min(1, 'Which toy?').max(64),
  observation: z.enum(OBSERVATIONS, { message: 'An observation is lot, little or none' }).nullable(),
}).strict();

/** PUT retireToy/{id}. */
export const retireBodySchema = z.object({
  reason: retireReasonSchema,
  note: z.string().max(RETIRE_NOTE_MAX, `The note is ${RETIRE_NOTE_MAX} characters at most`).nullable().optional(),
}).strict();

/** PUT updateToyLocation/{id}: '' or null clears it. */
export const toyLocationBodySchema = z.object({
  location: z.string().max(LOCATION_MAX, `The storage place is ${LOCATION_MAX} characters at most`).nullable(),
}).strict();

/** PUT updateToyChildren/{id}: [] = every child. */
export const toyChildrenBodySchema = z.object({ childIds: z.array(z.string().min(1).max(64)).max(50) }).strict();

export const toyStorySchema = z.object({
  timesOut: z.number().int(),
  lastOut: z.string().nullable(),
  times: z.array(z.object({ rotationId: z.string(), childId: z.string(), at: z.string(), observation: z.enum(OBSERVATIONS).nullable() })),
  suggestRest: z.boolean(),
});

/** POST calendarFeed: the new link, shown once (the server keeps only its hash). */
export const calendarFeedSchema = z.object({ url: z.string(), createdAt: z.string() });
/** GET calendarFeed: whether a link exists (never the link itself). */
export const calendarFeedStateSchema = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
