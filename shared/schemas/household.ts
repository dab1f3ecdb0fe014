import { z } from 'zod';
import { emailField } from './auth.js';

// Issue 13: /api/household payloads (docs/decisions/016-households.md). A household owns the
// toys, lists, settings, rotations and the plan; every account belongs to exactly one.

export const HOUSEHOLD_NAME_MAX = 60;

const householdRoleSchema = z.enum(['owner', 'member']);
export type HouseholdRole = z.infer<typeof householdRoleSchema>;

/** Members are shown by username, never by email. */
const householdMemberSchema = z.object({
  userId: z.string(),
  username: z.string(),
  role: householdRoleSchema,
  joinedAt: z.number().int(),
});

/** GET /api/household, and the answer of PATCH, join and leave. `role` is the caller's. */
export const householdSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: householdRoleSchema,
  members: z.array(householdMemberSchema),
});
export type Household = z.infer<typeof householdSchema>;

export const renameHouseholdSchema = z.object({
  name: z
    .string({ error: 'name: A name is required.' })
    .trim()
    .min(1, 'A name is required.')
    .max(HOUSEHOLD_NAME_MAX, `A household name can have at most ${HOUSEHOLD_NAME_MAX} characters.`),
});

export const createInviteSchema = z.object({ email: emailField().optional() });

/** An invite code as issued: 43 base64url characters (256 random bits). */
const inviteCodeSchema = z
  .string({ error: 'code: The invite code is required.' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{22,100}$/, 'This invite code is not valid. Check the link or ask for a new invite.');

export const createdInviteSchema = z.object({
  code: z.string(),
  url: z.string(),
  expiresAt: z.number().int(),
  /** Present when an email address was given: whether the invite email could be sent. */
  emailed: z.boolean().optional(),
});
export type CreatedInvite = z.infer<typeof createdInviteSchema>;

/**
 * GET /api/household/invites: the household's open invites. The code itself is shown only once,
 * when created (only its hash is stored), so each is listed with an `id` (the start of the
 * code's hash, useless for joining); DELETE /api/household/invites/{code} takes the code or that id.
 */
const inviteSummarySchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.number().int(),
  expiresAt: z.number().int(),
});
export const inviteListSchema = z.array(inviteSummarySchema);

/**
 * GET /api/household/join/{code}: what the join page says before anyone decides: the family's
 * name and who invited (by username, as members are shown; null once that account is gone).
 */
export const inviteAboutSchema = z.object({
  householdName: z.string(),
  invitedBy: z.string().nullable(),
  expiresAt: z.number().int(),
});
export type InviteAbout = z.infer<typeof inviteAboutSchema>;

export const joinHouseholdSchema = z.object({
  code: inviteCodeSchema,
  bringMyToys: z.boolean({ error: 'bringMyToys: Say whether to bring your toys (true or false).' }),
});

export const transferOwnershipSchema = z.object({ userId: z.string({ error: 'userId: Whom to hand over to is required.' }).min(1).max(64) });

/** POST /api/household/leave: the person's own household now, and a token bound to it. */
export const leftHouseholdSchema = householdSchema.extend({ token: z.string() });

/** The 403 a session gets on every household call once its user left or was removed. */
export const HOUSEHOLD_LEFT = { error: 'You are no longer a member of this household.', household: 'left' } as const;

export const HOUSEHOLD_MESSAGES = {
  inviteInvalid: 'This invite is not valid, was already used or has expired. Ask for a new one.',
  alreadyMember: 'You are already in this household.',
  ownerOnly: 'Only the owner of the household can do this.',
  memberNotFound: 'That person is not a member of this household.',
  removeSelf: 'To leave the household, use Leave instead.',
  onlyMember: 'You are the only member of this household: there is no one to leave it to.',
  alreadyOwner: 'That person is already the owner.',
  bringFromShared:
    'Your current household has other members: its toys stay with them. Join without bringing your toys.',
  inviteNotFound: 'That invite was not found. It may have been used or revoked already.',
  /** The billing portal, asked for by someone other than the account that pays for the household's Premium. */
  paidByOther: "Premium for this household is paid for by another member's account: only they can manage the subscription.",
} as const;
