import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingUser, deliver, PRICE } from '../../../sync-server/test-support/billing.js';
import { stripeEvent } from '../../../sync-server/test-support/fake-stripe.js';
import { enableDevMode, eventually, openDevice, type Device } from '../../test-support/sync-harness.js';
import { startBillingServer, type BillingServer } from '../../test-support/billing-server.js';

enableDevMode();

let server: BillingServer;
const devices: Device[] = [];
beforeAll(async () => {
  server = await startBillingServer();
});
afterAll(async () => {
  for (const device of devices) await device.close();
  await server.close();
});

async function settingsOf(device: Device) {
  const doc = await device.db.settings.findOne().exec();
  return doc ? { plan: doc.plan, toysLimit: doc.toysLimit, collectionsLimit: doc.collectionsLimit } : null;
}

describe('a plan change reaches every signed-in device through sync', () => {
  it('upgrade and cancellation by webhook show on two live devices without a reload', async () => {
    const user = await billingUser(server);
    for (const label of ['phone', 'tablet']) {
      const device = await openDevice(server, user, { label });
      devices.push(device);
      await device.online().awaitInSync();
    }
    for (const device of devices) expect(await settingsOf(device)).toEqual({ plan: 'free', toysLimit: 100, collectionsLimit: 3 });

    const customer = await user.checkout();
    const sub = server.fake.putSubscription({ id: 'sub_sync', customer, status: 'active', price: PRICE });
    expect((await deliver(server, stripeEvent('customer.subscription.created', sub))).status).toBe(200);
    for (const device of devices) {
      await eventually(async () => expect(await settingsOf(device)).toEqual({ plan: 'paid', toysLimit: 500, collectionsLimit: 50 }));
    }

    const canceled = server.fake.putSubscription({ id: 'sub_sync', customer, status: 'canceled', price: PRICE });
    expect((await deliver(server, stripeEvent('customer.subscription.deleted', canceled))).status).toBe(200);
    for (const device of devices) {
      await eventually(async () => expect(await settingsOf(device)).toEqual({ plan: 'free', toysLimit: 100, collectionsLimit: 3 }));
    }
  });
});
