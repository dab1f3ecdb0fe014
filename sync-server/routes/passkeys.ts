import { authResponseSchema } from '../../shared/schemas/auth.js';
import { addPasskeySchema, PASSKEY_MESSAGES, passkeyListSchema, passkeySchema, passkeySignInSchema, webAuthnOptionsSchema } from '../../shared/schemas/passkeys.js';
import { msgSchema } from '../../shared/schemas/rest.js';
import type { AppDeps, AuthedEnv } from '../context.js';
import { apiRouter, defineRoute, serveRoute } from '../lib/api-routes.js';
import { parseJson } from '../lib/parse.js';
import { clientIp, tooManyAttempts } from '../lib/rate-limited.js';
import { requireUser } from '../lib/require-user.js';
import { createPasskeyLimits } from '../services/passkeys/passkey-limits.js';
import { signInOptions, signInWithPasskey } from '../services/passkeys/passkey-sign-in.js';
import { addPasskey, listPasskeys, registrationOptions, removePasskey } from '../services/passkeys/passkeys.js';
import { limiterFactory } from '../services/rate-limit.js';

// /api/auth/passkeys: add, list and remove passkeys after signing in, and sign in with one
// instead of the password (issue 24, decision 026).

const api = {
  list: defineRoute({ method: 'get', path: '/', summary: "The person's passkeys", signedIn: true, answer: passkeyListSchema }),
  addOptions: defineRoute({ method: 'post', path: '/add/options', summary: 'Options for navigator.credentials.create() (a one-time challenge)', signedIn: true, answer: webAuthnOptionsSchema, failures: [429] }),
  add: defineRoute({ method: 'post', path: '/add', summary: 'Keep the new passkey', signedIn: true, body: addPasskeySchema, answer: passkeySchema, failures: [403, 429] }),
  remove: defineRoute({ method: 'delete', path: '/{id}', summary: 'Remove a passkey', signedIn: true, answer: msgSchema, failures: [404] }),
  signInOptions: defineRoute({ method: 'post', path: '/sign-in/options', summary: 'Options for navigator.credentials.get() (a one-time challenge)', answer: webAuthnOptionsSchema, failures: [429] }),
  signIn: defineRoute({ method: 'post', path: '/sign-in', summary: 'Sign in with a passkey: answers as the password login does', body: passkeySignInSchema, answer: authResponseSchema, failures: [401, 429] }),
};

export function passkeyRoutes(deps: AppDeps) {
  const limits = createPasskeyLimits(limiterFactory(deps.db));
  const signedIn = requireUser(deps);
  const app = apiRouter<AuthedEnv>();
  const ip = (c: Parameters<typeof clientIp>[0]) => clientIp(c, deps.env.TRUST_PROXY);

  serveRoute(app, api.list, signedIn, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ passkeys: await listPasskeys(deps, c.get('user').id) });
  });

  serveRoute(app, api.addOptions, signedIn, async (c) => {
    const wait = await limits.register.attempt(ip(c), c.get('user').id);
    if (wait) return tooManyAttempts(c, wait);
    return c.json(await registrationOptions(deps, c.get('user')));
  });

  serveRoute(app, api.add, signedIn, async (c) => {
    const input = await parseJson(c, api.add.body);
    const wait = await limits.register.attempt(ip(c), c.get('user').id);
    if (wait) return tooManyAttempts(c, wait);
    return c.json(await addPasskey(deps, c.get('user').id, input));
  });

  serveRoute(app, api.remove, signedIn, async (c) => {
    await removePasskey(deps, c.get('user').id, c.req.param('id') ?? '');
    return c.json({ msg: PASSKEY_MESSAGES.removed });
  });

  serveRoute(app, api.signInOptions, async (c) => {
    const wait = await limits.signInOptions.attempt(ip(c), ip(c)); // nobody is known yet: the address only
    if (wait) return tooManyAttempts(c, wait);
    c.header('Cache-Control', 'no-store');
    return c.json(await signInOptions(deps));
  });

  serveRoute(app, api.signIn, async (c) => {
    const input = await parseJson(c, api.signIn.body);
    const wait = await limits.signIn.attempt(ip(c), input.credential.id);
    if (wait) return tooManyAttempts(c, wait);
    return c.json(await signInWithPasskey(deps, input));
  });

  return app;
}
