import { Hono } from 'hono';
import type { AppDeps } from '../context.js';
import { HttpError } from '../lib/http-error.js';
import { parseJson, parseWith } from '../lib/parse.js';
import { requireUser } from '../lib/require-user.js';
import { createCaptcha } from '../services/auth/captcha.js';
import { logIn } from '../services/auth/login.js';
import { requestPasswordReset, resetPassword } from '../services/auth/password-reset.js';
import { registerUser } from '../services/auth/registration.js';
import { renewSession, revokeSession } from '../services/auth/sessions.js';
import { createAuthLimits } from '../services/rate-limit.js';
import {
  AUTH_MESSAGES,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  resetTokenSchema,
} from '../../shared/schemas/auth.js';
import { clientIp, tooManyAttempts } from './rate-limited.js';

/** /api/auth: captcha, register, login, session renew/logout, forgot and reset password. */
export function authRoutes(deps: AppDeps) {
  const captcha = createCaptcha(deps);
  const limits = createAuthLimits();
  const signedIn = requireUser(deps);

  return new Hono()
    .get('/captcha', async (c) => {
      c.header('Cache-Control', 'no-store'); // every widget needs its own, single-use challenge
      return c.json(await captcha.challenge());
    })

    .post('/register', async (c) => {
      const input = await parseJson(c, registerSchema);
      const wait = await limits.register.attempt(clientIp(c), input.email);
      if (wait) return tooManyAttempts(c, wait);
      return c.json(await registerUser(deps, captcha, input));
    })

    .post('/login', async (c) => {
      const input = await parseJson(c, loginSchema);
      const ip = clientIp(c);
      const wait = await limits.login.blocked(ip, input.email);
      if (wait) return tooManyAttempts(c, wait);
      try {
        const session = await logIn(deps, input);
        await limits.login.succeeded(ip, input.email);
        return c.json(session);
      } catch (err) {
        if (err instanceof HttpError && err.status === 401) await limits.login.failed(ip, input.email);
        throw err;
      }
    })

    .post('/renew', signedIn, async (c) => {
      const token = await renewSession(deps.db, c.get('user').id, c.get('sessionHash'), deps.now());
      return c.json({ token });
    })

    .post('/logout', signedIn, async (c) => {
      await revokeSession(deps.db, c.get('sessionHash'));
      return c.json({ msg: AUTH_MESSAGES.loggedOut });
    })

    .post('/forgotpassword', async (c) => {
      const { email } = await parseJson(c, forgotPasswordSchema);
      const wait = await limits.forgotPassword.attempt(clientIp(c), email);
      if (wait) return tooManyAttempts(c, wait);
      return c.json({ data: await requestPasswordReset(deps, email) });
    })

    .put('/resetpassword/:resetToken', async (c) => {
      const resetToken = parseWith(resetTokenSchema, c.req.param('resetToken'));
      const { password } = await parseJson(c, resetPasswordSchema);
      return c.json({ data: await resetPassword(deps, resetToken, password) });
    });
}
