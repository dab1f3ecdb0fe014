import { describe, expect, it } from 'vitest';
import { SYNC_MAX_BATCH, SYNC_PUSH_MAX_BYTES } from '../../../shared/schemas/sync.js';
import { toyDoc } from '../../../sync-server/test-support/docs.js';
import { pushBatches } from './requests.js';

// A push goes in as few requests as the server's limits allow: 500 rows, and a body well under
// its 3 MB request limit (SYNC_PUSH_MAX_BYTES), whatever the toys' notes hold.

const rows = (count: number, caption = '') => Array.from({ length: count }, (_, i) => ({ newDocumentState: toyDoc(`t${i}`, { caption }) }));
const bytes = (body: string) => new TextEncoder().encode(body).length;

describe('push request bodies', () => {
  it('500 ordinary toys go in one request; more in the next', () => {
    expect(pushBatches(rows(SYNC_MAX_BATCH), SYNC_MAX_BATCH)).toHaveLength(1);
    expect(pushBatches(rows(SYNC_MAX_BATCH + 1), SYNC_MAX_BATCH)).toHaveLength(2);
  });

  it('toys with long notes in several languages split so that no body passes the limit, every row once, in order', () => {
    const sent = rows(SYNC_MAX_BATCH, 'Bär 🧸 '.repeat(250)); // 2,000 characters, many of them 2 to 4 bytes
    const batches = pushBatches(sent, SYNC_MAX_BATCH);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) expect(bytes(JSON.stringify(batch))).toBeLessThanOrEqual(SYNC_PUSH_MAX_BYTES);
    expect(batches.flat()).toEqual(sent);
  });
});
