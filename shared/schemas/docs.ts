import { z } from 'zod';
import { PLAN_NAMES } from '../domain/plans.js';

// The replicated documents: one zod schema each is the single source for the RxDB schema
// on the client, the sync push validation on the server, and the TypeScript types.
// Times are epoch milliseconds. `_deleted` is added by the replication protocol.

const planSchema = z.enum(PLAN_NAMES);

export const UNCATEGORIZED_ID = 'uncategorized';
export const UNCATEGORIZED_NAME = 'Uncategorized';

const id = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'ids are letters, digits, - and _');
/** A stored photo: the lower-case hex SHA-256 of its bytes. */
export const mediaIdSchema = z.string().regex(/^[a-f0-9]{64}$/, 'a media id is a SHA-256 hex digest');

export const TITLE_MAX = 200;
export const CAPTION_MAX = 2000;
export const LIST_NAME_MAX = 60;
export const CHILD_NAME_MAX = 60;
export const LOCATION_MAX = 200;
export const RETIRE_NOTE_MAX = 500;

// --- Rotation practice (issue 14, docs/decisions/018-rotation-practice-model.md) ---

/** Why a toy left the active inventory. */
export const RETIRE_REASONS = ['outgrown', 'passed-down', 'donated', 'broken', 'keepsake'] as const;
export const retireReasonSchema = z.enum(RETIRE_REASONS, { message: `The reason is one of: ${RETIRE_REASONS.join(', ')}` });
export type RetireReason = z.infer<typeof retireReasonSchema>;

/** How a toy went in one rotation. */
export const OBSERVATIONS = ['lot', 'little', 'none'] as const;
export const observationSchema = z.enum(OBSERVATIONS, { message: 'An observation is lot, little or none' });
export type Observation = z.infer<typeof observationSchema>;

export const ROTATION_MODES = ['random', 'balanced'] as const;
export const rotationModeSchema = z.enum(ROTATION_MODES, { message: 'rotationMode is random or balanced' });
export type RotationMode = z.infer<typeof rotationModeSchema>;

export const ROTATION_INTERVAL_MIN = 1;
export const ROTATION_INTERVAL_MAX = 30;
/** Every 1-30 days, or null: no schedule (the default). */
export const rotationIntervalSchema = z
  .number({ message: 'The rotation interval is a whole number of days' })
  .int('The rotation interval is a whole number of days')
  .min(ROTATION_INTERVAL_MIN, `The rotation interval is ${ROTATION_INTERVAL_MIN} to ${ROTATION_INTERVAL_MAX} days`)
  .max(ROTATION_INTERVAL_MAX, `The rotation interval is ${ROTATION_INTERVAL_MIN} to ${ROTATION_INTERVAL_MAX} days`)
  .nullable();

export const birthMonthSchema = z.number().int().min(1, 'The birth month is 1 to 12').max(12, 'The birth month is 1 to 12').nullable();
export const birthYearSchema = z.number().int().min(1990, 'The birth year is from 1990').max(2200, 'The birth year is not valid').nullable();
const childNameSchema = z.string().trim().max(CHILD_NAME_MAX, `A child's name is ${CHILD_NAME_MAX} characters at most`);

/**
 * The first child of every account is not stored in `children`: it is the settings document's
 * own rotation fields (rotationToysNumber, lastRotationDate, rotationIntervalDays) plus the
 * `firstChild*` profile fields, so with one child everything is exactly the spec. Its id, for
 * rotations, toy assignments and REST paths, is this constant (ids are per household, so the
 * same everywhere and on every offline device: nothing to create, nothing to duplicate).
 */
export const FIRST_CHILD_ID = 'first-child';

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
  /** Storage place, free text ("Bin 3, hall closet"); null when none. */
  location: z.string().max(LOCATION_MAX, `The storage place is ${LOCATION_MAX} characters at most`).nullable(),
  /** Retired toys leave rotation and the active inventory, and do not count against the plan. */
  retired: z.boolean(),
  /** Unused (reserved by issue 2); kept so old documents stay valid. */
  feedback: z.string().max(2000).nullable(),
  // Version 1 (issue 14):
  /** The children this toy is for (child ids, FIRST_CHILD_ID included); empty = every child. */
  childIds: z.array(id).max(50),
  /** Set together with `retired` (null when not retired). */
  retiredReason: retireReasonSchema.nullable(),
  retiredNote: z.string().max(RETIRE_NOTE_MAX, `The note is ${RETIRE_NOTE_MAX} characters at most`).nullable(),
  retiredAt: z.number().int().nonnegative().nullable(),
  // Who did what (issue 13): user ids the server writes on every accepted change (a client's
  // values are ignored); shown as usernames from GET /api/household. Optional: toys from
  // before households, and toys a device made but has not pushed yet, have none.
  createdBy: z.string().max(64).nullable().optional(),
  updatedBy: z.string().max(64).nullable().optional(),
});
export type ToyDoc = z.infer<typeof toyDocSchema>;

const listKindSchema = z.enum(['category', 'collection']);
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

/**
 * A child other than the first (the first lives in the settings' own fields). A value of the
 * settings' `children` record, keyed by the child's id; the server merges that record key by
 * key and each child field by field, so two devices editing different children (or different
 * fields of one child) both keep their change. Removing a key removes the child.
 */
export const childSchema = z.object({
  name: childNameSchema.min(1, "The child's name is required"),
  birthMonth: birthMonthSchema,
  birthYear: birthYearSchema,
  rotationToysNumber: z.number().int().min(0, 'The number of toys is 0 to 500').max(500, 'The number of toys is 0 to 500'),
  rotationIntervalDays: rotationIntervalSchema,
  lastRotationDate: z.number().int().nonnegative().nullable(),
  createdAt: z.number().int().nonnegative(),
});
export type Child = z.infer<typeof childSchema>;
export const CHILDREN_MAX = 12;

/** One per household; `id` is the household's id (issue 13). Plan and limits are written only by the server. */
export const settingsDocSchema = z.object({
  id,
  /** The first child's rotation count (spec: the account's). */
  rotationToysNumber: z.number().int().min(0).max(500),
  /** The first child's last rotation (spec: the account's). */
  lastRotationDate: z.number().int().nonnegative().nullable(),
  tipsDismissed: z.boolean(),
  plan: planSchema,
  toysLimit: z.number().int().nonnegative(),
  collectionsLimit: z.number().int().nonnegative(),
  // Version 1 (issue 14):
  rotationMode: rotationModeSchema,
  /** The first child's schedule. */
  rotationIntervalDays: rotationIntervalSchema,
  /** The first child's profile ('' = not named yet; the app shows a neutral label). */
  firstChildName: childNameSchema,
  firstChildBirthMonth: birthMonthSchema,
  firstChildBirthYear: birthYearSchema,
  /** The other children, by id (never FIRST_CHILD_ID). */
  children: z
    .record(id, childSchema)
    .refine((children) => !(FIRST_CHILD_ID in children), `${FIRST_CHILD_ID} is the first child's id`)
    .refine((children) => Object.keys(children).length < CHILDREN_MAX, `At most ${CHILDREN_MAX} children`),
  /** An email on the day a rotation is due (sent to the account's owner). */
  reminderEmail: z.boolean(),
  /** IANA time zone of the household ("Europe/Paris"), for due days; null = UTC. The app sets it. */
  timeZone: z.string().max(64).regex(/^[A-Za-z0-9_+\-/]*$/, 'timeZone is an IANA time zone name').nullable(),
  /**
   * The starter categories were taken or skipped (issue 23): a new household is offered them
   * once, on one device for all. Optional: documents stored before, and pushes from app
   * versions without it, leave the stored value alone (the server always sends it).
   */
  starterCategoriesDone: z.boolean().optional(),
});
export type SettingsDoc = z.infer<typeof settingsDocSchema>;

/**
 * One rotation in the history: when, and which toys came out (in the order shown).
 * `serverOrder` is written only by the server: the sequence number at which it first stored
 * the rotation (null until then). The current rotation is the one with the highest
 * serverOrder, and a device's own rotation not yet stored (null) is newer than all of them;
 * `createdAt` is a device clock and never decides (shared/domain/rotation-order.ts).
 */
export const rotationDocSchema = z.object({
  id,
  createdAt: z.number().int().nonnegative(),
  toyIds: z.array(id).max(500),
  serverOrder: z.number().int().nonnegative().nullable(),
  // Version 2 (issue 14):
  /** The child it was for (FIRST_CHILD_ID for the first child; rotations made before are the first child's). */
  childId: id,
  /**
   * How each toy of this rotation went, by toy id (only toys in `toyIds`). Merged key by key,
   * so two devices observing different toys both keep theirs and the same toy converges on the
   * later write.
   */
  observations: z.record(id, observationSchema),
  /** Who made it (issue 13): written by the server. */
  createdBy: z.string().max(64).nullable().optional(),
}).refine(
  (rotation) => Object.keys(rotation.observations).every((toyId) => rotation.toyIds.includes(toyId)),
  { message: 'Observations are only for toys out in that rotation', path: ['observations'] },
);
export type RotationDoc = z.infer<typeof rotationDocSchema>;

export const SYNC_TABLES = ['toys', 'lists', 'settings', 'rotations'] as const;
export type SyncTable = (typeof SYNC_TABLES)[number];

/**
 * The values of the issue-14 fields for documents made before them (RxDB migrations, the
 * server's migration defaults, and pushes from app versions that do not send them): the
 * spec's behaviour, one child, nothing retired or observed.
 */
export const PRACTICE_DEFAULTS = {
  toys: { childIds: [] as string[], retiredReason: null, retiredNote: null, retiredAt: null },
  settings: {
    rotationMode: 'random' as RotationMode,
    rotationIntervalDays: null,
    firstChildName: '',
    firstChildBirthMonth: null,
    firstChildBirthYear: null,
    children: {} as Record<string, Child>,
    reminderEmail: false,
    timeZone: null,
  },
  rotations: { childId: FIRST_CHILD_ID, observations: {} as Record<string, Observation> },
} as const;

/** What a new toy holds where nobody said otherwise (added on the device, or imported). */
export const NEW_TOY_FIELDS = {
  caption: '',
  excluded: false,
  favorite: false,
  lastRotatedAt: null,
  location: null,
  retired: false,
  feedback: null,
  ...PRACTICE_DEFAULTS.toys,
} as const;
