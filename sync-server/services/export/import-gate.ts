import { HttpError } from '../../lib/http-error.js';
import { createImportBudget, type ImportBudget, type Reservation } from './import-budget.js';

// Who may import now (decision 020, 029): one import per household at a time (429), and any
// number per server within the server's memory budget for imports (import-budget.ts, 503).
// Refused before the body is read, with Retry-After; the connection closes (its unread body
// cannot be told apart from a next request).

/** A full import of 500 toys takes about a minute on a small server. */
const IMPORT_RETRY_AFTER_SECONDS = 60;

export type ImportGate = {
  /** Lets an import of this household in, or throws 429/503; call `leave` when the import ends. */
  enter(householdId: string): { reservation: Reservation; leave(): void };
  readonly budget: ImportBudget;
};

export function createImportGate(budget: ImportBudget = createImportBudget()): ImportGate {
  const running = new Set<string>();
  return {
    budget,
    enter(householdId) {
      if (running.has(householdId)) {
        throw new HttpError(429, 'An import into this household is already running. Please wait until it has finished, then try again.', {
          'Retry-After': String(IMPORT_RETRY_AFTER_SECONDS),
          Connection: 'close',
        });
      }
      const reservation = budget.reserve();
      running.add(householdId);
      let left = false;
      return {
        reservation,
        leave() {
          if (left) return;
          left = true;
          reservation.release();
          running.delete(householdId);
        },
      };
    },
  };
}
