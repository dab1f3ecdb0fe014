import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushSender } from '../sync-server/services/push/push-sender.js';
import { sendDuePushReminders } from '../sync-server/services/push/push-reminders.js';
import { startTestPushService, type TestDevice, type TestPushService } from '../sync-server/test-support/push-service.js';
import { insertToys } from '../sync-server/test-support/toys.js';
import { seedUser } from '../sync-server/test-support/users.js';
import { launchBrowser } from './support/browser.js';
import { startInProcessServer, type InProcessServer } from './support/in-process-server.js';
import { TopBar } from './pages/top-bar.js';

// Rotation reminders on the phone, in Chromium: the parent turns them on in Settings, the
// server's reminder job sends one encrypted message per child to a push service on loopback
// (which decrypts it), DevTools delivers it to the app's service worker
// (ServiceWorker.deliverPushMessage), the notifications show, and opening one shows that child's
// rotation. Chromium cannot reach a real push service from here, so PushManager.subscribe is
// stood in for by an init script that hands out the loopback device's endpoint and keys.

let browser: Browser;
let server: InProcessServer;
let push: TestPushService;

beforeAll(async () => {
  [browser, server, push] = await Promise.all([launchBrowser(), startInProcessServer('push'), startTestPushService()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await push?.close();
});

/** A browser profile whose push service subscription is `device` (the init script stands in for PushManager). */
async function phone(device: TestDevice): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });
  context.setDefaultTimeout(15_000);
  await context.grantPermissions(['notifications'], { origin: server.baseUrl });
  await context.addInitScript((d: { endpoint: string; keys: { p256dh: string; auth: string } }) => {
    const stored = '__testPushKey';
    const bytes = (s: string) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
    const text = (b: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(b))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const subscription = (key: string) => ({
      endpoint: d.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: bytes(key) },
      toJSON: () => ({ endpoint: d.endpoint, expirationTime: null, keys: d.keys }),
      unsubscribe: () => Promise.resolve(localStorage.removeItem(stored) === undefined),
    });
    PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      const base64 = typeof key === 'string' ? key : text(key instanceof ArrayBuffer ? key : (key!.buffer as ArrayBuffer));
      localStorage.setItem(stored, base64);
      return Promise.resolve(subscription(base64) as unknown as PushSubscription);
    };
    PushManager.prototype.getSubscription = function () {
      const key = localStorage.getItem(stored);
      return Promise.resolve(key ? (subscription(key) as unknown as PushSubscription) : null);
    };
  }, { endpoint: device.endpoint, keys: device.keys });
  return { context, page: await context.newPage() };
}

async function signIn(page: Page, account: { token: string; userId: string }, path: string) {
  await page.goto('/frontpage');
  await page.evaluate((a) => {
    localStorage.setItem('authToken', a.token);
    localStorage.setItem('setupTime', String(Date.now()));
    localStorage.setItem('userId', a.userId);
    localStorage.setItem('username', 'Parent');
  }, account);
  await page.goto(path);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
}

/** The switch's input is visually hidden; people tap its label. */
const toggle = (page: Page) => page.getByTestId('push-settings').locator('label', { hasText: 'Rotation reminders on this device' }).click();

async function api(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.baseUrl}/api/private/${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

const rowsFor = (endpoint: string) => server.deps.db.selectFrom('push_subscriptions').select('user_id').where('endpoint', '=', endpoint).execute();

async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The app's service worker registration id, for DevTools' push delivery. */
async function registrationId(cdp: CDPSession): Promise<string> {
  const found: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => found.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await until(() => Promise.resolve(found.some((r) => r.scopeURL === `${server.baseUrl}/` && !r.isDeleted)), 'the service worker registration');
  return found.find((r) => r.scopeURL === `${server.baseUrl}/` && !r.isDeleted)!.registrationId;
}

describe('push reminders in the browser', () => {
  it('turned on in Settings, one notification per due child, a tap opens that child; off and sign-out remove the subscription', async () => {
    const user = await seedUser(server.deps, { username: 'Parent' });
    await insertToys(server.deps, user.userId, 4);
    await api(user.token, 'PUT', 'updateChild/first-child', { name: 'Ada', rotationIntervalDays: 1 });
    const max = (await api(user.token, 'POST', 'addChild', { name: 'Max', rotationIntervalDays: 1 })).id as string;

    const device = push.newDevice();
    const { context, page } = await phone(device);
    await signIn(page, user, '/settings');
    const settings = page.getByTestId('push-settings');
    await toggle(page);
    await page.getByText('Notifications are on for this device.').first().waitFor();
    await settings.getByText('On: this device gets the reminders.').waitFor();
    expect(await rowsFor(device.endpoint)).toEqual([{ user_id: user.userId }]);
    await page.screenshot({ path: 'e2e/screenshots/push-settings-390.png' });

    // The hourly job: both children are due today (never rotated), so two messages.
    const from = push.received.length;
    expect(await sendDuePushReminders(server.deps, createPushSender(server.deps))).toBe(2);
    const delivered = push.received.slice(from);
    expect(delivered.map((m) => JSON.parse(m.text) as { url: string }).map((m) => m.url).sort()).toEqual(['/rotation?child=first-child', `/rotation?child=${max}`].sort());

    // The push service hands them to the browser; the service worker shows them.
    const cdp = await context.newCDPSession(page);
    const id = await registrationId(cdp);
    for (const message of delivered) await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.baseUrl, registrationId: id, data: message.text });
    const shown = async () =>
      page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown })));
    await until(async () => (await shown()).length === 2, 'two notifications');
    expect((await shown()).sort((a, b) => a.tag.localeCompare(b.tag))).toEqual(
      [
        { title: 'Toy rotation due', body: 'It is time to rotate the toys for Ada. Tap to open the rotation.', tag: 'rotation-due-first-child', data: { url: '/rotation?child=first-child' } },
        { title: 'Toy rotation due', body: 'It is time to rotate the toys for Max. Tap to open the rotation.', tag: `rotation-due-${max}`, data: { url: `/rotation?child=${max}` } },
      ].sort((a, b) => a.tag.localeCompare(b.tag)),
    );

    // Opening Max's notification: DevTools cannot click a system notification, so the worker's
    // own click step (what its notificationclick handler runs) is called inside the worker.
    const worker = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'))!;
    await worker.evaluate(async (tag) => {
      const [notification] = await (self as unknown as { registration: ServiceWorkerRegistration }).registration.getNotifications({ tag });
      notification!.close();
      await (self as unknown as { openFromNotification: (data: unknown) => Promise<unknown> }).openFromNotification(notification!.data);
    }, `rotation-due-${max}`);
    await page.waitForURL(`**/rotation?child=${max}`);
    await page.getByRole('radio', { name: 'Max' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Max' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Rotate for Max' }).waitFor();

    // Signing out removes this device's subscription.
    await new TopBar(page).logOut.click();
    await page.waitForURL('**/login');
    await until(async () => (await rowsFor(device.endpoint)).length === 0, 'the subscription removed at sign-out');
    await context.close();
  });

  it('turned on offline, the subscription is sent once online; turned off, it is removed', async () => {
    const user = await seedUser(server.deps, { username: 'Parent' });
    const device = push.newDevice();
    const { context, page } = await phone(device);
    await signIn(page, user, '/settings');
    await context.setOffline(true);
    await toggle(page);
    await page.getByText('Notifications will be turned on when this device is back online.').first().waitFor();
    await page.getByText('On: this device will be signed up for reminders when it is back online.').waitFor();
    expect(await rowsFor(device.endpoint)).toEqual([]);

    await context.setOffline(false);
    await until(async () => (await rowsFor(device.endpoint)).length === 1, 'the subscription sent once online');
    await page.getByText('On: this device gets the reminders.').waitFor();

    await toggle(page);
    await page.getByText('Notifications are off for this device.').first().waitFor();
    expect(await rowsFor(device.endpoint)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('__testPushKey'))).toBeNull(); // the browser's subscription ended too
    await context.close();
  });
});
