import type { Migration } from 'kysely';
import * as initial from './2026-11-22-0001-initial.js';
import * as billing from './2026-11-22-0050-billing.js';

// Append-only: add a file with the next sortable prefix and list it here. Never edit a
// migration that has shipped; write a new one.
export const migrations: Record<string, Migration> = {
  '2026-11-22-0001-initial': initial,
  '2026-11-22-0050-billing': billing,
};
