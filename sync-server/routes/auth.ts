import { z } from 'zod';
import {
  AUTH_MESSAGES,
  authResponseSchema,
  captchaChallengeSchema,
  forgotPasswordSchema,
  languageBodySchema,
  loginSchema,
  meResponseSchema,
  type MeResponse,
  registerSchema,
  renewResponseSchema,
  resetPasswordSchema,
  resetTokenSchema,
} from '../../shared/schemas/auth.js';
import { DEFAULT_LANGUAGE, isLanguage } from '../../shared/languages.js';
import { requestLanguage } from '../i18n/emails.js';
import { msgSchema } from '../../shared/schemas/rest.js';
import type { AppDeps, AuthedEnv } from '../context.js';
import { apiRouter, defineRoute, serveRoute } from '../lib/api-routes.js';
import { clientIp, tooManyAttempts } from '../lib/rate-limited.js';
import { HttpError } from '../lib/http-error.js';
import { parseJson, parseWith } from '../lib/parse.js';
import { requireUser } from '../lib/require-user.js';
import { createCaptcha } from '../services/auth/captcha.js';
import { logIn } from '../services/auth/login.js';
import { createResetMailer, requestPasswordReset, resetPassword } from '../services/auth/password-reset.js';
import { registerUser } from '../services/auth/registration.js';
import { endLogin, householdIdOf, renewSession } from '../services/auth/sessions.js';
import { createAuthLimits, limiterFactory } from '../services/rate-limit.js';

const dataAnswer = z.object({ data: z.string() });

const authApi = {
  captcha: defineRoute({ method: 'get', path: '/captcha', summary: 'A single-use ALTCHA challenge', answer: captchaChallengeSchema }),
  register: defineRoute({ method: 'post', path: '/register', summary: 'Create an account', body: registerSchema, answer: authResponseSchema, failures: [403, 409, 429] }),
  login: defineRoute({ method: 'post', path: '/login', summary: 'Log in', body: loginSchema, answer: authResponseSchema, failures: [401, 403, 429] }),
  renew: defineRoute({ method: 'post', path: '/renew', summary: 'A fresh token for this session', signedIn: true, answer: renewResponseSchema }),
  me: defineRoute({ method: 'get', path: '/me', summary: 'Whose token this is', signedIn: true, answer: meResponseSchema }),
  language: defineRoute({ method: 'put', path: '/language', summary: "Set the person's language", signedIn: true, body: languageBodySchema, answer: languageBodySchema }),
  logout: defineRoute({ method: 'post', path: '/logout', summary: 'End this session', signedIn: true, answer: msgSchema }),
  forgotPassword: defineRoute({ method: 'post', path: '/forgotpassword', summary: 'Email a password reset link', body: forgotPasswordSchema, answer: dataAnswer, failures: [429] }),
  resetPassword: defineRoute({
    method: 'put',
    path: '/resetpassword/{resetToken}',
    summary: 'Set a new password with an emailed link',
    params: { resetToken: resetTokenSchema },
    body: resetPasswordSchema,
    answer: dataAnswer,
  }),
};

/** /api/auth: captcha, register, login, session renew/logout, forgot and reset password. */
export function authRoutes(deps: AppDeps) {
  const captcha = createCaptcha(deps);
  const limits = createAuthLimits(limiterFactory(deps.db));
  const resetMailer = createResetMailer(deps);
  const signedIn = requireUser(deps);
  const app = apiRouter<AuthedEnv>();

  serveRoute(app, authApi.captcha, async (c) => {
    c.header('Cache-Control', 'no-store'); // every widget needs its own, single-use challenge
    return c.json(await captcha.challenge());
  });

  serveRoute(app, authApi.register, async (c) => {
    const input = await parseJson(c, authApi.register.body);
    const wait = await limits.register.attempt(clientIp(c, deps.env.TRUST_PROXY), input.email);
    if (wait) return tooManyAttempts(c, wait);
    // The new household is named in the app's language (its fetch core sends it as Accept-Language).
    const language = requestLanguage(c.req.header('accept-language')) ?? DEFAULT_LANGUAGE;
    return c.json(await registerUser(deps, captcha, input, language));
  });

  serveRoute(app, authApi.login, async (c) => {
    const input = await parseJson(c, authApi.login.body);
    const attempt = await limits.login.begin(clientIp(c, deps.env.TRUST_PROXY), input.email);
    if (attempt.wait) return tooManyAttempts(c, attempt.wait);
    try {
      if (attempt.needsCaptcha) {
        if (!input.tokenReCap) throw new HttpError(403, AUTH_MESSAGES.loginCaptchaRequired);
        await captcha.consume(input.tokenReCap);
      }
      const session = await logIn(deps, input);
      await attempt.succeeded();
      return c.json(session);
    } catch (err) {
      // A wrong password stays counted; anything that stopped before the check is given back.
      if (!(err instanceof HttpError && err.status === 401)) await attempt.cancel();
      throw err;
    }
  });

  serveRoute(app, authApi.renew, signedIn, async (c) => {
    const token = await renewSession(deps, c.get('user').id, c.get('sessionHash'));
    return c.json({ token });
  });

  // Whose token this is (issue 9): a client that kept only the token opens that user's data.
  serveRoute(app, authApi.me, signedIn, async (c) => {
    const user = c.get('user');
    c.header('Cache-Control', 'no-store');
    const householdId = await householdIdOf(deps.db, user.id);
    return c.json({
      userId: user.id,
      username: user.username,
      email: user.email,
      householdId,
      sessionHouseholdId: c.get('binding').leftAt === null ? c.get('binding').householdId : null,
      language: isLanguage(user.language) ? user.language : null,
    } satisfies MeResponse);
  });

  // The person's language (issue 24): every device of theirs adopts it, emails are written in it.
  serveRoute(app, authApi.language, signedIn, async (c) => {
    const { language } = await parseJson(c, authApi.language.body);
    await deps.db.updateTable('users').set({ language }).where('id', '=', c.get('user').id).execute();
    return c.json({ language });
  });

  serveRoute(app, authApi.logout, signedIn, async (c) => {
    // Every token of this login goes; each instance then closes the streams whose session is gone.
    const userId = c.get('user').id;
    await endLogin(deps, userId, c.get('sessionHash'));
    deps.feed.sessionsEnded(userId);
    return c.json({ msg: AUTH_MESSAGES.loggedOut });
  });

  serveRoute(app, authApi.forgotPassword, async (c) => {
    const { email } = await parseJson(c, authApi.forgotPassword.body);
    const wait = await limits.forgotPassword.attempt(clientIp(c, deps.env.TRUST_PROXY), email);
    if (wait) return tooManyAttempts(c, wait);
    const data = await requestPasswordReset(deps, email, requestLanguage(c.req.header('Accept-Language')));
    resetMailer.kick();
    return c.json({ data });
  });

  serveRoute(app, authApi.resetPassword, async (c) => {
    const resetToken = parseWith(resetTokenSchema, c.req.param('resetToken'));
    const { password } = await parseJson(c, authApi.resetPassword.body);
    return c.json({ data: await resetPassword(deps, resetToken, password) });
  });

  return app;
}
