import { msgSchema } from '../../shared/schemas/rest.js';
import { pushSubscriptionSchema, pushUnsubscribeSchema, vapidKeyAnswerSchema } from '../../shared/schemas/push.js';
import type { AppDeps, AuthedEnv } from '../context.js';
import { apiRouter, defineRoute, serveRoute } from '../lib/api-routes.js';
import { notFound } from '../lib/http-error.js';
import { parseJson } from '../lib/parse.js';
import { clientIp, tooManyAttempts } from '../lib/rate-limited.js';
import { requireUser } from '../lib/require-user.js';
import { createPushSender } from '../services/push/push-sender.js';
import { createTestPushLimit } from '../services/push/push-limits.js';
import { findOwnSubscription, removeSubscription, saveSubscription } from '../services/push/subscriptions.js';
import { loadVapidKeys } from '../services/push/vapid.js';
import { limiterFactory } from '../services/rate-limit.js';
import { emailLanguage, notificationText } from '../i18n/emails.js';

// /api/push: rotation reminders as notifications on a device (issue 24, decision 026).

export const PUSH_MESSAGES = {
  on: 'Notifications are on for this device.',
  off: 'Notifications are off for this device.',
  testSent: 'A test notification is on its way.',
  unknownDevice: 'Notifications are not on for this device. Turn them on first.',
  testFailed: 'The notification could not be sent. Turn notifications off and on again.',
} as const;

const api = {
  key: defineRoute({ method: 'get', path: '/key', summary: "The server's VAPID public key (the applicationServerKey to subscribe with)", answer: vapidKeyAnswerSchema }),
  subscribe: defineRoute({ method: 'post', path: '/subscriptions', summary: "Turn reminders on for this device: its PushSubscription.toJSON()", signedIn: true, body: pushSubscriptionSchema, answer: msgSchema }),
  unsubscribe: defineRoute({
    method: 'post',
    path: '/unsubscribe',
    summary: 'Turn reminders off for a device. The endpoint is the key (only the device and its push service know it), so this works after sign-out too',
    body: pushUnsubscribeSchema,
    answer: msgSchema,
  }),
  test: defineRoute({ method: 'post', path: '/test', summary: 'Send a test notification to this device', signedIn: true, body: pushUnsubscribeSchema, answer: msgSchema, failures: [404, 429, 502] }),
};

export function pushRoutes(deps: AppDeps) {
  // Loaded at start, so a damaged key file or a mismatched pair stops the start with a message.
  const { publicKey } = loadVapidKeys(deps.env);
  const send = createPushSender(deps);
  const testLimit = createTestPushLimit(limiterFactory(deps.db));
  const signedIn = requireUser(deps);
  const app = apiRouter<AuthedEnv>();

  serveRoute(app, api.key, (c) => c.json({ publicKey }));

  serveRoute(app, api.subscribe, signedIn, async (c) => {
    await saveSubscription(deps, c.get('user').id, await parseJson(c, api.subscribe.body));
    return c.json({ msg: PUSH_MESSAGES.on });
  });

  serveRoute(app, api.unsubscribe, async (c) => {
    const { endpoint } = await parseJson(c, api.unsubscribe.body);
    await removeSubscription(deps, endpoint);
    return c.json({ msg: PUSH_MESSAGES.off });
  });

  serveRoute(app, api.test, signedIn, async (c) => {
    const { endpoint } = await parseJson(c, api.test.body);
    const user = c.get('user');
    const wait = await testLimit.attempt(clientIp(c, deps.env.TRUST_PROXY), user.id);
    if (wait) return tooManyAttempts(c, wait);
    const subscription = await findOwnSubscription(deps, user.id, endpoint);
    if (!subscription) throw notFound(PUSH_MESSAGES.unknownDevice);
    const t = notificationText(emailLanguage(user.language));
    const outcome = await send(subscription, { title: t('test.title'), body: t('test.body'), tag: 'test', url: '/settings' });
    if (outcome === 'gone') await removeSubscription(deps, endpoint);
    if (outcome !== 'sent') return c.json({ error: outcome === 'gone' ? PUSH_MESSAGES.unknownDevice : PUSH_MESSAGES.testFailed }, outcome === 'gone' ? 404 : 502);
    return c.json({ msg: PUSH_MESSAGES.testSent });
  });

  return app;
}
