import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NO_SUBSCRIPTION_MESSAGE, PAYMENT_FAILED_NOTICE } from '../../../shared/schemas/billing.js';
import { billingUser, deliver } from '../../../sync-server/test-support/billing.js';
import { stripeEvent } from '../../../sync-server/test-support/fake-stripe.js';
import { loadBillingPortalUrl, loadProductStatus } from './billing-api.js';
import { fetchAgainst, startBillingServer, type BillingServer } from '../../test-support/billing-server.js';
import { PaymentNoticeView } from './payment-notice.js';

let server: BillingServer;
beforeAll(async () => {
  server = await startBillingServer();
});
afterAll(async () => server.close());
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PaymentNoticeView', () => {
  const view = (status: Parameters<typeof PaymentNoticeView>[0]['status'], error = '') =>
    renderToStaticMarkup(<PaymentNoticeView status={status} busy={false} error={error} onOpenPortal={() => {}} />);

  it('shows the notice and a billing portal button only while the last payment failed', () => {
    const html = view({ status: 'paid', paymentFailed: true });
    expect(html).toContain(PAYMENT_FAILED_NOTICE);
    expect(html).toMatch(/<button[^>]*>.*Open billing portal<\/button>/);
    expect(view({ status: 'paid', paymentFailed: true }, 'Portal is down')).toContain('Portal is down');
    expect(view({ status: 'paid', paymentFailed: false })).toBe('');
    expect(view({ status: 'free', paymentFailed: false })).toBe('');
    expect(view(null)).toBe('');
  });
});

describe('billing calls against the real server', () => {
  it('loadProductStatus follows the webhooks; offline and payments-off read as unknown', async () => {
    vi.stubGlobal('fetch', fetchAgainst(server.baseUrl));
    const user = await billingUser(server);
    expect(await loadProductStatus(user.token)).toEqual({ status: 'free', paymentFailed: false });
    const customer = await user.checkout();
    await deliver(server, stripeEvent('invoice.payment_failed', { id: 'in_1', object: 'invoice', customer }));
    expect(await loadProductStatus(user.token)).toEqual({ status: 'free', paymentFailed: true });
    expect(await loadProductStatus('not-a-token')).toBeNull();

    vi.stubGlobal('fetch', fetchAgainst('http://127.0.0.1:9')); // nothing listens there
    expect(await loadProductStatus(user.token)).toBeNull();
  });

  it('loadBillingPortalUrl answers the portal url, or the server\'s message', async () => {
    vi.stubGlobal('fetch', fetchAgainst(server.baseUrl));
    const user = await billingUser(server);
    expect(await loadBillingPortalUrl(user.token)).toEqual({ error: NO_SUBSCRIPTION_MESSAGE });
    await user.checkout();
    const result = await loadBillingPortalUrl(user.token);
    expect(result).toEqual({ url: expect.stringMatching(new RegExp(`^${server.fake.url}/portal/`)) });
  });
});
