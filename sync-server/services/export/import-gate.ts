import { HttpError } from '../../lib/http-error.js';

// How many imports run at once (decision 020): one import can hold a 300 MB zip, unpack 400 MB
// and re-encode 2,000 photos, so a household runs one at a time and this server process a few.
// Refused before the body is read, with Retry-After; the connection closes (its unread body
// cannot be told apart from a next request).

/** A full import of 500 toys takes about a minute on a small server. */
const IMPORT_RETRY_AFTER_SECONDS = 60;

const busy = (message: string) =>
  new HttpError(429, message, { 'Retry-After': String(IMPORT_RETRY_AFTER_SECONDS), Connection: 'close' });

export type ImportGate = {
  /** Lets an import of this household in, or throws a 429; call the function it returns when the import ends. */
  enter(householdId: string): () => void;
};

export function createImportGate(perServer = 2): ImportGate {
  const running = new Set<string>();
  return {
    enter(householdId) {
      if (running.has(householdId)) {
        throw busy('An import into this household is already running. Please wait until it has finished, then try again.');
      }
      if (running.size >= perServer) throw busy('The server is busy with other imports. Please try again in a minute.');
      running.add(householdId);
      let left = false;
      return () => {
        if (left) return;
        left = true;
        running.delete(householdId);
      };
    },
  };
}
