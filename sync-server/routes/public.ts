import { msgSchema } from '../../shared/schemas/rest.js';
import { contactSchema, deletionRequestSchema } from '../../shared/schemas/support.js';
import type { AppDeps } from '../context.js';
import { apiRouter, defineRoute, serveRoute } from '../lib/api-routes.js';
import { parseJson } from '../lib/parse.js';
import { clientIp, tooManyAttempts } from '../lib/rate-limited.js';
import { createFormLimits, limiterFactory } from '../services/rate-limit.js';
import { submitContact, submitDeletionRequest } from '../services/support/support-messages.js';

const publicApi = {
  contactus: defineRoute({ method: 'post', path: '/contactus', summary: 'Send the contact form', body: contactSchema, answer: msgSchema, failures: [429] }),
  deletionform: defineRoute({ method: 'post', path: '/deletionform', summary: 'Ask for an account to be deleted', body: deletionRequestSchema, answer: msgSchema, failures: [429] }),
};

/** /api/public: the contact form (both contact pages) and the account deletion request. */
export function publicRoutes(deps: AppDeps) {
  const limits = createFormLimits(limiterFactory(deps.db));
  const app = apiRouter();

  serveRoute(app, publicApi.contactus, async (c) => {
    const input = await parseJson(c, publicApi.contactus.body);
    const wait = await limits.attempt(clientIp(c, deps.env.TRUST_PROXY), input.email);
    if (wait) return tooManyAttempts(c, wait);
    return c.json({ msg: await submitContact(deps, input) });
  });

  serveRoute(app, publicApi.deletionform, async (c) => {
    const input = await parseJson(c, publicApi.deletionform.body);
    const wait = await limits.attempt(clientIp(c, deps.env.TRUST_PROXY), input.email.toLowerCase());
    if (wait) return tooManyAttempts(c, wait);
    return c.json({ msg: await submitDeletionRequest(deps, input) });
  });

  return app;
}
