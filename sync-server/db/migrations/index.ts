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

// Append-only: add a file with the next sortable prefix and list it here. Never edit a
// migration that has shipped; write a new one.
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
};
