import { Hono } from 'hono';
import type { AppDeps } from '../context.js';
import { parseJson } from '../lib/parse.js';
import { createFormLimits } from '../services/rate-limit.js';
import { submitContact, submitDeletionRequest } from '../services/support/support-messages.js';
import { contactSchema, deletionRequestSchema } from '../../shared/schemas/support.js';
import { clientIp, tooManyAttempts } from './rate-limited.js';

/** /api/public: the contact form (both contact pages) and the account deletion request. */
export function publicRoutes(deps: AppDeps) {
  const limits = createFormLimits();

  return new Hono()
    .post('/contactus', async (c) => {
      const input = await parseJson(c, contactSchema);
      const wait = await limits.attempt(clientIp(c), input.email);
      if (wait) return tooManyAttempts(c, wait);
      return c.json({ msg: await submitContact(deps, input) });
    })

    .post('/deletionform', async (c) => {
      const input = await parseJson(c, deletionRequestSchema);
      const wait = await limits.attempt(clientIp(c), input.email.toLowerCase());
      if (wait) return tooManyAttempts(c, wait);
      return c.json({ msg: await submitDeletionRequest(deps, input) });
    });
}
