import { HttpError } from '../../lib/http-error.js';

// The memory imports may hold, for the whole server process together (decision 029): each
// import reserves what it may hold before holding it, and one that cannot is answered 503 at
// once rather than pushing the server out of memory. Two free accounts posting a small zip
// that unpacks to hundreds of MB once took a server from 189 to 594 MB.

const MB = 1024 * 1024;

/** All running imports together. */
export const IMPORT_MEMORY_BUDGET_BYTES = 64 * MB;

/**
 * What any import holds besides its text files: a photo being checked (2 MB at most as sent,
 * its re-encoded copy), the inflater's window and output step, request chunks in flight.
 */
const IMPORT_BASE_BYTES = 8 * MB;

/**
 * A text file (toy-rotation.json, a CSV) is held as bytes, then as a string and as parsed
 * documents: reserved at this many times its unpacked size, as it unpacks.
 */
export const TEXT_HOLDING_FACTOR = 3;

const RETRY_AFTER_SECONDS = 60;

const serverBusyWithImports = () =>
  new HttpError(503, 'The server is busy with other imports right now. Please try again in a minute.', {
    'Retry-After': String(RETRY_AFTER_SECONDS),
    Connection: 'close',
  });

export type Reservation = {
  /** Holds `bytes` more, or throws the 503 when the budget cannot give them. */
  grow(bytes: number): void;
  release(): void;
};

export type ImportBudget = {
  /** An import's base reservation, or the 503 when the budget is spent. */
  reserve(): Reservation;
  readonly inUse: number;
  /** The most ever held at once (tests and the benchmark). */
  readonly highWater: number;
  readonly total: number;
};

/** `onChange` hears every change of the bytes held (the metrics' gauge). */
export function createImportBudget(options: { total?: number; base?: number; onChange?: (inUse: number) => void } = {}): ImportBudget {
  const { total = IMPORT_MEMORY_BUDGET_BYTES, base = IMPORT_BASE_BYTES, onChange } = options;
  let inUse = 0;
  let highWater = 0;
  const take = (bytes: number) => {
    if (inUse + bytes > total) throw serverBusyWithImports();
    inUse += bytes;
    highWater = Math.max(highWater, inUse);
    onChange?.(inUse);
  };
  return {
    reserve() {
      take(base);
      let held = base;
      return {
        grow(bytes) {
          take(bytes);
          held += bytes;
        },
        release() {
          inUse -= held;
          held = 0;
          onChange?.(inUse);
        },
      };
    },
    get inUse() {
      return inUse;
    },
    get highWater() {
      return highWater;
    },
    total,
  };
}
