import type { Generated, Insertable, Selectable } from 'kysely';
import type { Plan } from '../../shared/domain/plans.js';

// Row types of every table, matching migrations/. Timestamps: epoch ms. Booleans: 0 | 1.
//
// In the data tables (media, settings, lists, toys, rotations) the column `household_id` holds
// the OWNER of the row, a household (docs/decisions/016; named `user_id` until migration
// 2026-11-27-2000).

declare const householdIdBrand: unique symbol;

/**
 * A household's id. Branded so the compiler refuses a person's id (a plain string) where a
 * household's is meant: ids come from the household columns below, or from `asHouseholdId`
 * where a household is made or named from outside (a new household, a route's parameter).
 */
export type HouseholdId = string & { readonly [householdIdBrand]: 'HouseholdId' };

/** Names a string as a household id: only where the string is known to be one. */
export const asHouseholdId = (id: string): HouseholdId => id as HouseholdId;

type UsersTable = {
  id: string;
  username: string;
  email: string;
  password_hash: string;
  /** Written only by billing (a Stripe state) and the defaults: 'free' or 'paid'. */
  plan: Generated<Plan>;
  stripe_customer_id: string | null;
  created_at: number;
  last_active_at: number;
  // Billing (migration 0050): the subscription last seen from Stripe, for webhooks only.
  subscription_id: Generated<string | null>;
  subscription_status: Generated<string | null>;
  /** When billing last changed `plan` (server clock, epoch ms). */
  plan_updated_at: Generated<number | null>;
  /** Stripe `created` (epoch ms) of the last invoice event applied; older ones are ignored. */
  invoice_event_at: Generated<number | null>;
  payment_failed: Generated<number>;
  /** The person's language (migration 5000, a shared/languages.ts code); null until a device of theirs sets it. */
  language: Generated<string | null>;
};

type SessionsTable = {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  /** The household the session was opened in (migration 0600); null only for rows written before it. */
  household_id: HouseholdId | null;
  /** When its user left or was removed from that household (then 403 {household: 'left'}). */
  left_at: Generated<number | null>;
  /** The token hash of the login this session was renewed from (migration 1100); null: it is that login. */
  lineage: Generated<string | null>;
};

/** Issue 13: the owner of the data. Existing accounts' households have the founding user's id. */
type HouseholdsTable = {
  id: HouseholdId;
  name: string;
  created_at: number;
  /** Kept (memberless) for this user, who joined another household without their toys. */
  kept_for: string | null;
  /** Its data moved into this household (its only member joined it with their toys). */
  moved_to: HouseholdId | null;
};

type HouseholdRole = 'owner' | 'member';

/** One household per account: keyed by the user. */
type MembershipsTable = {
  user_id: string;
  household_id: HouseholdId;
  role: HouseholdRole;
  joined_at: number;
};

/** A person left (or was removed from, or joined away from) a household (decision 016: hand-in). */
type DeparturesTable = {
  user_id: string;
  household_id: HouseholdId;
  left_at: number;
  /** The change clock then: a hand-in may change only rows nobody changed since. */
  left_seq: number;
};

type InvitesTable = {
  /** SHA-256 (hex) of the code; the code itself is never stored. */
  code_hash: string;
  household_id: HouseholdId;
  created_by: string;
  email: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  used_by: string | null;
  revoked_at: number | null;
};

type PasswordResetsTable = {
  token_hash: string;
  user_id: string;
  expires_at: number;
  used_at: number | null;
};

type CaptchaUsesTable = { signature: string; expires_at: number };

type SupportMessagesTable = {
  id: string;
  kind: 'contact' | 'deletion';
  email: string;
  subject: string;
  message: string;
  delete_account: Generated<number>;
  created_at: number;
};

type MediaTable = {
  /** The owning household. */
  household_id: HouseholdId;
  id: string;
  mime: string;
  bytes: number;
  width: number;
  height: number;
  created_at: number;
  /** When no live toy of this user used the photo any more (set by the daily job); null while used. */
  orphaned_at: Generated<number | null>;
  /** 1: the stored file is the server's re-encoding; 0: stored before re-encoding existed (migration 1100). */
  reencoded: Generated<number>;
};

type ResetRequestsTable = {
  id: string;
  email: string;
  created_at: number;
  processed_at: number | null;
  /** The asking request's language (migration 5100): the email's when the account has none. */
  language: Generated<string | null>;
};

type StripeEventsTable = {
  id: string;
  type: string;
  /** Stripe's event time, epoch ms. */
  created: number;
  processed_at: number;
};

/** rate-limiter-flexible's table (PostgreSQL only; migration 0500). */
type RateLimitsTable = { key: string; points: Generated<number>; expire: number | null };

/** When each scheduled job last ran (migration 0500). */
type JobRunsTable = { name: string; ran_at: number };

/** One row per open live sync stream, on any instance (migration 2026-11-26-1000). */
/** Migration 1000 of 2026-11-27: one row per unsubscribe link mailed (its token's SHA-256); gone when reminders are turned on again. */
type ReminderUnsubscribeTokensTable = { token_hash: string; owner_id: HouseholdId; created_at: number };

type LiveStreamsTable = { id: string; user_id: string; instance_id: string; expires_at: number };

type ChangeClockTable = { id: number; value: number };

type SettingsTable = {
  /** The owning household. */
  household_id: HouseholdId;
  rotation_toys_number: number;
  last_rotation_date: number | null;
  tips_dismissed: Generated<number>;
  seq: number;
  // Issue 14 (migration 0700):
  rotation_mode: Generated<string>;
  rotation_interval_days: number | null;
  first_child_name: Generated<string>;
  first_child_birth_month: number | null;
  first_child_birth_year: number | null;
  /** JSON object: the other children by id (shared/schemas/docs.ts childSchema). */
  children: Generated<string>;
  reminder_email: Generated<number>;
  time_zone: string | null;
  // Issue 23 (migration 4100): 1 once the starter categories were taken or skipped.
  starter_categories_done: Generated<number>;
};

type ListsTable = {
  /** The owning household. */
  household_id: HouseholdId;
  id: string;
  kind: 'category' | 'collection';
  name: string;
  position: number;
  created_at: number;
  deleted: Generated<number>;
  seq: number;
  /** Set when a same-named list absorbed this one (it is then deleted): the survivor's id. */
  merged_into: string | null;
};

type ToysTable = {
  /** The owning household. */
  household_id: HouseholdId;
  id: string;
  title: string;
  category_id: string;
  caption: Generated<string>;
  media_id: string | null;
  /** JSON array of list ids (kind 'collection'). */
  collection_ids: Generated<string>;
  excluded: Generated<number>;
  favorite: Generated<number>;
  created_at: number;
  last_rotated_at: number | null;
  location: string | null;
  retired: Generated<number>;
  /** JSON, free-form played-with feedback; null when none. */
  feedback: string | null;
  deleted: Generated<number>;
  seq: number;
  // Issue 14 (migration 0700):
  /** JSON array of child ids; empty = every child. */
  child_ids: Generated<string>;
  retired_reason: string | null;
  retired_note: string | null;
  retired_at: number | null;
  /** User id of whoever added it (server-set; null for toys from before households). */
  created_by: Generated<string | null>;
  /** User id of whoever last changed it (server-set). */
  updated_by: Generated<string | null>;
};

type RotationsTable = {
  /** The owning household. */
  household_id: HouseholdId;
  id: string;
  created_at: number;
  /** JSON array of toy ids, in the order shown. */
  toy_ids: string;
  deleted: Generated<number>;
  seq: number;
  /** The seq of the change that first stored it: the server's order of rotations. */
  accepted_seq: number | null;
  // Issue 14 (migration 0700):
  child_id: Generated<string>;
  /** JSON object: toy id -> 'lot' | 'little' | 'none'. */
  observations: Generated<string>;
  /** User id of whoever made it (server-set). */
  created_by: Generated<string | null>;
};

/** Server-only: the private calendar feed of a household (issue 14). */
type CalendarFeedsTable = { owner_id: HouseholdId; secret_hash: string; created_at: number };

/** Server-only: reminder emails sent, one per household and due day (issue 14). */
type RotationRemindersTable = { owner_id: HouseholdId; due_date: string; sent_at: number };

/** A device's Web Push subscription, of a person (issue 24). */
type PushSubscriptionsTable = { id: string; user_id: string; endpoint: string; p256dh: string; auth: string; created_at: number };

/** Server-only: push reminders sent, one per subscription, child and due day (issue 24). */
type PushRemindersTable = { subscription_id: string; child_id: string; due_date: string; sent_at: number };

/** A person's WebAuthn credential (issue 24); `id` and `public_key` are base64url. */
type PasskeysTable = {
  id: string;
  user_id: string;
  public_key: string;
  counter: number;
  /** JSON array of the authenticator's transports (hints for the browser). */
  transports: Generated<string>;
  backed_up: Generated<number>;
  name: string;
  created_at: number;
  last_used_at: number | null;
};

/** A one-time WebAuthn challenge; `user_id` is the person adding a passkey, null for a sign-in. */
type PasskeyChallengesTable = { challenge: string; purpose: 'register' | 'sign-in'; user_id: string | null; expires_at: number };

/** One row per server start (issue 9: devices detect a server restored from a backup). */
type ServerEpochsTable = {
  id: string;
  start_seq: number;
  created_at: number;
};

export type Database = {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  captcha_uses: CaptchaUsesTable;
  support_messages: SupportMessagesTable;
  media: MediaTable;
  change_clock: ChangeClockTable;
  settings: SettingsTable;
  lists: ListsTable;
  toys: ToysTable;
  rotations: RotationsTable;
  stripe_events: StripeEventsTable;
  rate_limits: RateLimitsTable;
  job_runs: JobRunsTable;
  live_streams: LiveStreamsTable;
  reminder_unsubscribe_tokens: ReminderUnsubscribeTokensTable;
  reset_requests: ResetRequestsTable;
  server_epochs: ServerEpochsTable;
  calendar_feeds: CalendarFeedsTable;
  rotation_reminders: RotationRemindersTable;
  households: HouseholdsTable;
  memberships: MembershipsTable;
  invites: InvitesTable;
  departures: DeparturesTable;
  push_subscriptions: PushSubscriptionsTable;
  push_reminders: PushRemindersTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
};

export type User = Selectable<UsersTable>;
export type ToyRow = Selectable<ToysTable>;
export type NewToyRow = Insertable<ToysTable>;
export type ListRow = Selectable<ListsTable>;
export type SettingsRow = Selectable<SettingsTable>;
export type RotationRow = Selectable<RotationsTable>;

/** The replicated tables, by their sync collection name. */
export const REPLICATED_TABLES = ['toys', 'lists', 'settings', 'rotations'] as const;
export type ReplicatedTable = (typeof REPLICATED_TABLES)[number];
