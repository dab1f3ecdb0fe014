import { describe, expect, it } from 'vitest';
import { syncDigestSchema, pullResponseSchema, pushResponseSchema } from '../../shared/schemas/sync.js';
import { ServerError, UNEXPECTED_ANSWER_MESSAGE } from '../lib/http.js';
import { readAnswer } from './answers.js';

// Issue 11, item 4: sync answers are parsed with the shared schemas, not cast. An answer of
// another shape is an error the replication retries, never data written to the device.

const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('sync answers', () => {
  it('keeps every field of a pulled document and its checkpoint', async () => {
    const body = { documents: [{ id: 't1', title: 'Ball', collectionIds: ['c1'], _deleted: false }], checkpoint: { seq: 3, id: 't1', epoch: 'e1' } };
    expect(await readAnswer(answer(body), pullResponseSchema)).toEqual(body);
    expect(await readAnswer(answer({ documents: [], checkpoint: null, reset: { restoredFrom: 7 } }), pullResponseSchema)).toMatchObject({ reset: { restoredFrom: 7 } });
  });

  it('refuses a pull whose document has no id or no deleted flag, a push answer that is not a list, a digest without its hash', async () => {
    const refusals = [
      readAnswer(answer({ documents: [{ title: 'Ball', _deleted: false }], checkpoint: null }), pullResponseSchema),
      readAnswer(answer({ documents: [{ id: 't1', title: 'Ball' }], checkpoint: null }), pullResponseSchema),
      readAnswer(answer({ conflicts: [] }), pushResponseSchema),
      readAnswer(answer({ count: 2, checkpoint: null }), syncDigestSchema),
      readAnswer(new Response('<html>proxy error</html>', { status: 200 }), syncDigestSchema),
    ];
    for (const refusal of refusals) {
      await expect(refusal).rejects.toBeInstanceOf(ServerError);
      await expect(refusal).rejects.toThrow(UNEXPECTED_ANSWER_MESSAGE);
    }
  });
});
