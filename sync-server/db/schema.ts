import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

// Row types of every table, matching migrations/. Timestamps: epoch ms. Booleans: 0 | 1.

export type UsersTable = {
  id: string;
  username: string;
  email: string;
  password_hash: string;
  plan: Generated<string>;
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
};

export type SessionsTable = {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
};

export type PasswordResetsTable = {
  token_hash: string;
  user_id: string;
  expires_at: number;
  used_at: number | null;
};

export type CaptchaUsesTable = { signature: string; expires_at: number };

export type SupportMessagesTable = {
  id: string;
  kind: 'contact' | 'deletion';
  email: string;
  subject: string;
  message: string;
  delete_account: Generated<number>;
  created_at: number;
};

export type MediaTable = {
  user_id: string;
  id: string;
  mime: string;
  bytes: number;
  width: number;
  height: number;
  created_at: number;
};

export type StripeEventsTable = {
  id: string;
  type: string;
  /** Stripe's event time, epoch ms. */
  created: number;
  processed_at: number;
};

export type ChangeClockTable = { id: number; value: number };

export type SettingsTable = {
  user_id: string;
  rotation_toys_number: number;
  last_rotation_date: number | null;
  tips_dismissed: Generated<number>;
  seq: number;
};

export type ListsTable = {
  user_id: string;
  id: string;
  kind: 'category' | 'collection';
  name: string;
  position: number;
  created_at: number;
  deleted: Generated<number>;
  seq: number;
};

export type ToysTable = {
  user_id: string;
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
};

export type RotationsTable = {
  user_id: string;
  id: string;
  created_at: number;
  /** JSON array of toy ids, in the order shown. */
  toy_ids: string;
  deleted: Generated<number>;
  seq: number;
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
};

export type User = Selectable<UsersTable>;
export type ToyRow = Selectable<ToysTable>;
export type NewToyRow = Insertable<ToysTable>;
export type ToyUpdate = Updateable<ToysTable>;
export type ListRow = Selectable<ListsTable>;
export type SettingsRow = Selectable<SettingsTable>;
export type RotationRow = Selectable<RotationsTable>;

/** The replicated tables, by their sync collection name. */
export const REPLICATED_TABLES = ['toys', 'lists', 'settings', 'rotations'] as const;
export type ReplicatedTable = (typeof REPLICATED_TABLES)[number];
