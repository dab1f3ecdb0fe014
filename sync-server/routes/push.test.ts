import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushMessageSchema } from '../../shared/schemas/push.js';
import { createPushSender } from '../services/push/push-sender.js';
import { sendDuePushReminders } from '../services/push/push-reminders.js';
import { runScheduledPushReminders } from '../services/push/scheduled-push.js';
import { loadVapidKeys } from '../services/push/vapid.js';
import { family, person, type Person } from '../test-support/households.js';
import { startTestPushService, type TestDevice, type TestPushService } from '../test-support/push-service.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { insertToys } from '../test-support/toys.js';

// Rotation reminders as Web Push notifications (issue 24), end to end: devices subscribe
// through the API, the hourly job encrypts and signs with web-push, a push service on loopback
// decrypts each message as RFC 8291/8188 say (http_ece) and records it. Both databases.

const DAY = 86_400_000;
let t: TestApp;
let push: TestPushService;
beforeAll(async () => {
  [t, push] = await Promise.all([createTestApp(), startTestPushService()]);
});
afterAll(async () => {
  await Promise.all([t.close(), push.close()]);
});

const send = () => sendDuePushReminders(t.deps, createPushSender(t.deps));
const messagesTo = (device: TestDevice, from = 0) =>
  push.received.slice(from).filter((m) => device.endpoint.endsWith(m.device)).map((m) => pushMessageSchema.parse(JSON.parse(m.text)));
const subscriptionCount = async (userId: string) =>
  (await t.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).execute()).length;

async function subscribe(who: Person, device = push.newDevice()): Promise<TestDevice> {
  const res = await who.api.post('/api/push/subscriptions', device.subscription);
  expect(res.status).toBe(200);
  return device;
}

/** A household with Ada (every day) and Max (every 2 days), both just rotated. */
async function scheduledFamily() {
  const { owner, member, householdId } = await family(t);
  await insertToys(t.deps, householdId, 4);
  await owner.api.put('updateChild/first-child', { name: 'Ada', rotationIntervalDays: 1 });
  const max = (await owner.api.post('addChild', { name: 'Max', rotationIntervalDays: 2 })).body.id as string;
  await owner.api.get('pickRandomToys');
  await owner.api.post(`rotateChild/${max}`);
  return { owner, member, max };
}

describe('push reminders', () => {
  it('serves the VAPID public key the server signs with', async () => {
    const res = await t.app.request('/api/push/key');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ publicKey: loadVapidKeys(t.deps.env).publicKey });
  });

  it('sends each device of every member one encrypted notification per child on its due day, and never twice', async () => {
    const { owner, member, max } = await scheduledFamily();
    const phone = await subscribe(owner);
    const tablet = await subscribe(owner);
    const membersPhone = await subscribe(member);
    await send();
    expect(messagesTo(phone)).toEqual([]); // nobody due yet

    t.advance(DAY); // Ada is due
    let from = push.received.length;
    await send();
    await send(); // the same due day: not again
    for (const device of [phone, tablet, membersPhone]) {
      expect(messagesTo(device, from)).toEqual([
        { title: 'Toy rotation due', body: 'It is time to rotate the toys for Ada. Tap to open the rotation.', tag: 'rotation-due-first-child', url: '/rotation?child=first-child' },
      ]);
    }
    const delivery = push.received.at(-1)!;
    expect(delivery.encoding).toBe('aes128gcm');
    expect(delivery.ttl).toBe(String(12 * 60 * 60));
    // RFC 8292: a JWT signed with the server's key, and that key.
    expect(delivery.vapid).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${loadVapidKeys(t.deps.env).publicKey}$`));

    t.advance(DAY); // Max is due today; Ada, not rotated, is still due from yesterday (already sent)
    from = push.received.length;
    await send();
    expect(messagesTo(phone, from)).toEqual([expect.objectContaining({ body: expect.stringContaining('for Max'), url: `/rotation?child=${max}` })]);
    expect(messagesTo(membersPhone, from)).toHaveLength(1);
  });

  it("is written in each person's language: a Spanish-speaking member's device in Spanish, the owner's in English", async () => {
    const { owner, member } = await scheduledFamily();
    await t.db.updateTable('users').set({ language: 'es' }).where('id', '=', member.userId).execute(); // as PUT /api/auth/language stores it
    await owner.api.put('updateChild/first-child', { name: '' }); // unnamed: "Your child" / "Tu hijo"
    const ownersPhone = await subscribe(owner);
    const membersPhone = await subscribe(member);
    t.advance(DAY);
    const from = push.received.length;
    await send();
    expect(messagesTo(membersPhone, from)).toEqual([
      { title: 'Toca rotar los juguetes', body: 'Es hora de rotar los juguetes de Tu hijo. Toca para abrir la rotación.', tag: 'rotation-due-first-child', url: '/rotation?child=first-child' },
    ]);
    expect(messagesTo(ownersPhone, from)).toEqual([expect.objectContaining({ title: 'Toy rotation due', body: 'It is time to rotate the toys for Your child. Tap to open the rotation.' })]);

    // The test notification too.
    const lucia = await person(t);
    expect((await lucia.api.put('/api/auth/language', { language: 'es' })).status).toBe(200);
    const luciasPhone = await subscribe(lucia);
    expect((await lucia.api.post('/api/push/test', { endpoint: luciasPhone.endpoint })).status).toBe(200);
    expect(messagesTo(luciasPhone).at(-1)).toEqual({ title: 'Toy Rotation', body: 'Las notificaciones funcionan en este dispositivo.', tag: 'test', url: '/settings' });
  });

  it('forgets a subscription the push service reports gone, and retries one that failed', async () => {
    const { owner } = await scheduledFamily();
    const gone = await subscribe(owner);
    const flaky = await subscribe(owner);
    push.answer(gone, 410);
    push.answer(flaky, 500);
    t.advance(DAY);
    await send();
    expect(await t.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', gone.endpoint).execute()).toEqual([]);
    expect(await subscriptionCount(owner.userId)).toBe(1);

    push.answer(flaky, 201); // the service is back within the hour: the claim was given back
    const from = push.received.length;
    await send();
    expect(messagesTo(flaky, from)).toHaveLength(1);
  });

  it('turning off (by endpoint, with or without a session) stops the notifications', async () => {
    const { owner } = await scheduledFamily();
    const phone = await subscribe(owner);
    const res = await t.app.request('/api/push/unsubscribe', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ endpoint: phone.endpoint }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ msg: 'Notifications are off for this device.' });
    t.advance(DAY);
    const from = push.received.length;
    await send();
    expect(messagesTo(phone, from)).toEqual([]);
  });

  it('a device that changes hands moves to the new person; deleting an account drops its devices', async () => {
    const ada = await person(t);
    const grace = await person(t);
    const device = await subscribe(ada);
    await subscribe(grace, device);
    expect(await subscriptionCount(ada.userId)).toBe(0);
    expect(await subscriptionCount(grace.userId)).toBe(1);
    expect((await grace.api.post('deleteUser')).status).toBe(200);
    expect(await t.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', device.endpoint).execute()).toEqual([]);
  });

  it('refuses bad subscriptions and endpoints that are not push services, and asks for a session', async () => {
    const ada = await person(t);
    const device = push.newDevice();
    expect((await t.app.request('/api/push/subscriptions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(device.subscription) })).status).toBe(401);
    const bad = [
      { ...device.subscription, keys: { ...device.keys, p256dh: 'short' } },
      { ...device.subscription, endpoint: 'http://push.example.com/x' },
      { ...device.subscription, endpoint: 'https://10.0.0.7/x' },
      { ...device.subscription, endpoint: 'https://intranet/x' },
      { ...device.subscription, endpoint: 'not a url' },
    ];
    for (const body of bad) {
      const res = await ada.api.post('/api/push/subscriptions', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
    expect(await subscriptionCount(ada.userId)).toBe(0);
    expect((await ada.api.post('/api/push/subscriptions', { ...device.subscription, endpoint: 'https://fcm.googleapis.com/fcm/send/abc' })).status).toBe(200);
  });

  it('sends a test notification to an own device, limited per person', async () => {
    const ada = await person(t);
    const phone = await subscribe(ada);
    const res = await ada.api.post('/api/push/test', { endpoint: phone.endpoint });
    expect(res.body).toEqual({ msg: 'A test notification is on its way.' });
    expect(messagesTo(phone).at(-1)).toEqual({ title: 'Toy Rotation', body: 'Notifications work on this device.', tag: 'test', url: '/settings' });
    const other = await person(t);
    expect((await other.api.post('/api/push/test', { endpoint: phone.endpoint })).status).toBe(404);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await ada.api.post('/api/push/test', { endpoint: phone.endpoint })).status);
    expect(statuses.at(-1)).toBe(429);
  });

  it('runs as a scheduled job once per period across instances', async () => {
    expect(await runScheduledPushReminders(t.deps)).not.toBeNull();
    expect(await runScheduledPushReminders(t.deps)).toBeNull();
  });
});
