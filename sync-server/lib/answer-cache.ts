import { createHash } from 'node:crypto';
import { compressBytes, type Encoding } from './compress-json.js';

/** One cached JSON answer: its text as bytes, its ETag, and its compressed forms as asked for. */
export type CachedAnswer = {
  readonly etag: string;
  readonly plain: Buffer;
  encoded(encoding: Encoding): Promise<Buffer>;
};

type Slot = { version: string; answer: Promise<CachedAnswer>; bytes: number };

/** Answers bigger than this are built each time (about 3,000 toys): one must not fill the cache. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * The latest answer of one JSON call per scope (a household), valid while its `version` (the
 * data's change clock) is the same, in a least-recently-used map bounded by the bytes it holds
 * (plain and compressed), so the server's memory stays bounded however many households call.
 * A request that arrives while the answer is being built waits for the same build.
 */
export class AnswerCache {
  readonly #slots = new Map<string, Slot>();
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  /** The answer for this scope at this version, built by `build` (JSON text) when not cached. */
  answer(scope: string, version: string, build: () => Promise<string>): Promise<CachedAnswer> {
    const slot = this.#slots.get(scope);
    if (slot?.version === version) {
      this.#slots.delete(scope); // re-inserted: a Map keeps insertion order, so last = most recent
      this.#slots.set(scope, slot);
      return slot.answer;
    }
    if (slot) this.#drop(scope, slot);
    const fresh: Slot = { version, bytes: 0, answer: build().then((text) => this.#made(scope, fresh, text)) };
    fresh.answer.catch(() => this.#slots.get(scope) === fresh && this.#drop(scope, fresh));
    this.#slots.set(scope, fresh);
    return fresh.answer;
  }

  /** Bytes held now (for tests and the benchmark). */
  get bytes(): number {
    return this.#bytes;
  }

  #made(scope: string, slot: Slot, text: string): CachedAnswer {
    const plain = Buffer.from(text);
    const packed = new Map<Encoding, Promise<Buffer>>();
    const answer: CachedAnswer = {
      etag: `"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`,
      plain,
      encoded: (encoding) => {
        let bytes = packed.get(encoding);
        if (!bytes) {
          bytes = compressBytes(plain, encoding);
          packed.set(encoding, bytes);
          void bytes.then((b) => this.#grow(scope, slot, b.length), () => packed.delete(encoding));
        }
        return bytes;
      },
    };
    if (plain.length > MAX_ANSWER_BYTES) {
      if (this.#slots.get(scope) === slot) this.#drop(scope, slot);
    } else {
      this.#grow(scope, slot, plain.length);
    }
    return answer;
  }

  /** Counts bytes a live slot now holds, then drops the least recently used slots past the bound. */
  #grow(scope: string, slot: Slot, bytes: number): void {
    if (this.#slots.get(scope) !== slot) return; // replaced or dropped meanwhile: not held
    slot.bytes += bytes;
    this.#bytes += bytes;
    for (const [oldest, old] of this.#slots) {
      if (this.#bytes <= this.#maxBytes) break;
      if (old !== slot) this.#drop(oldest, old); // never the answer being sent
    }
  }

  #drop(scope: string, slot: Slot): void {
    this.#slots.delete(scope);
    this.#bytes -= slot.bytes;
  }
}

/** True when an If-None-Match header names this ETag (weak or strong) or `*`. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
