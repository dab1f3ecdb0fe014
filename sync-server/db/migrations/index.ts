import type { Migration } from 'kysely';
import * as initial from './2026-11-22-0001-initial.js';
import * as billing from './2026-11-22-0050-billing.js';
import * as serverEpochs from './2026-11-23-0100-server-epochs.js';
import * as syncDomainInvariants from './2026-11-23-0201-sync-domain-invariants.js';
import * as security from './2026-11-23-0400-security.js';
import * as scaleOut from './2026-11-23-0500-scale-out.js';
import * as households from './2026-11-24-0600-households.js';
import * as rotationPractice from './2026-11-24-0700-rotation-practice.js';
import * as listOrderIndexes from './2026-11-24-0900-list-order-indexes.js';
import * as liveStreams from './2026-11-26-1000-live-streams.js';
import * as securityGaps from './2026-11-26-1100-security-gaps.js';
import * as unsubscribeHash from './2026-11-27-1000-unsubscribe-hash.js';
import * as householdIdColumn from './2026-11-27-2000-household-id-column.js';
import * as pushSubscriptions from './2026-11-27-3000-push-subscriptions.js';
import * as passkeys from './2026-11-27-3100-passkeys.js';
import * as starterCategories from './2026-11-27-4100-starter-categories.js';
import * as userLanguage from './2026-11-27-5000-user-language.js';
import * as resetRequestLanguage from './2026-11-27-5100-reset-request-language.js';

// Append-only: add a file with the next sortable prefix and list it here, in name order. Never
// edit a migration that has shipped; write a new one. Branches merged on one day use their own
// prefixes (2026-11-27-2 server, -3 session, -4 features, -5 i18n), so a database may already
// hold a later-named migration when an earlier-named one arrives: the migrator runs what is
// missing in name order (allowUnorderedMigrations), and such migrations must not depend on
// each other.
export const migrations: Record<string, Migration> = {
  '2026-11-22-0001-initial': initial,
  '2026-11-22-0050-billing': billing,
  '2026-11-23-0100-server-epochs': serverEpochs,
  '2026-11-23-0201-sync-domain-invariants': syncDomainInvariants,
  '2026-11-23-0400-security': security,
  '2026-11-23-0500-scale-out': scaleOut,
  '2026-11-24-0600-households': households,
  '2026-11-24-0700-rotation-practice': rotationPractice,
  '2026-11-24-0900-list-order-indexes': listOrderIndexes,
  '2026-11-26-1000-live-streams': liveStreams,
  '2026-11-26-1100-security-gaps': securityGaps,
  '2026-11-27-1000-unsubscribe-hash': unsubscribeHash,
  '2026-11-27-2000-household-id-column': householdIdColumn,
  '2026-11-27-3000-push-subscriptions': pushSubscriptions,
  '2026-11-27-3100-passkeys': passkeys,
  '2026-11-27-4100-starter-categories': starterCategories,
  '2026-11-27-5000-user-language': userLanguage,
  '2026-11-27-5100-reset-request-language': resetRequestLanguage,
};
