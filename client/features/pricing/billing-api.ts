import type { ProductStatus } from '../../../shared/schemas/billing.js';

/** The answers' schemas (and zod) load with the first call, not with the first page (issue 16). */
const schemas = () => import('../../../shared/schemas/billing.js');
import { ApiError, apiJson } from '../../lib/http.js';

// Spec section 7 "Payment" calls, used by the pricing page and the failed-payment notice.
// Until Stripe is configured the server answers them with 503 {error: 'Payments are not set
// up on this server'}; the pricing page says so, the notice just stays hidden.

const PORTAL_FAILED_MESSAGE = 'The billing portal could not be opened. Please try again later.';
const PAYMENT_PAGE_FAILED_MESSAGE = 'The payment page could not be opened. Please try again later.';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
const isPaymentsOff = (error: unknown) => error instanceof ApiError && error.status === 503;

export type StatusAnswer = { kind: 'status'; status: ProductStatus } | { kind: 'payments-off' } | { kind: 'unknown' };

let paymentsEnabled: Promise<boolean> | null = null;

/**
 * Whether the server takes payments (GET /api/stripe/config), asked once per page load; a
 * failed answer (offline) is not remembered. Saves a 503 on every signed-in page while off.
 */
export function arePaymentsEnabled(): Promise<boolean | null> {
  paymentsEnabled ??= apiJson('/api/stripe/config').then(async (answer) => (await schemas()).paymentsConfigSchema.parse(answer).paymentsEnabled);
  return paymentsEnabled.catch(() => {
    paymentsEnabled = null;
    return null;
  });
}

/** GET get_product_status. 'unknown' when offline, signed out or answered in another shape; only an abort is rethrown. */
export async function fetchProductStatus(token: string, signal?: AbortSignal): Promise<StatusAnswer> {
  if ((await arePaymentsEnabled()) === false) return { kind: 'payments-off' };
  try {
    const { productStatusSchema } = await schemas();
    const parsed = productStatusSchema.safeParse(await apiJson('/api/stripe/get_product_status', { token, signal }));
    return parsed.success ? { kind: 'status', status: parsed.data } : { kind: 'unknown' };
  } catch (error) {
    if (isAbort(error)) throw error;
    return isPaymentsOff(error) ? { kind: 'payments-off' } : { kind: 'unknown' };
  }
}

/** The status, or null when there is nothing to show (payments off included). */
export async function loadProductStatus(token: string, signal?: AbortSignal): Promise<ProductStatus | null> {
  const answer = await fetchProductStatus(token, signal);
  return answer.kind === 'status' ? answer.status : null;
}

export type PaymentPath = '/api/stripe/create_checkout_link_premium' | '/api/stripe/billing_portal';
type UrlAnswer = { url: string } | { error: string; paymentsOff?: true };

/** GET a Stripe page (checkout or billing portal): its url, or a message for the parent. */
export async function loadPaymentUrl(path: PaymentPath, token: string, failed = PAYMENT_PAGE_FAILED_MESSAGE): Promise<UrlAnswer> {
  try {
    const { paymentUrlSchema } = await schemas();
    const parsed = paymentUrlSchema.safeParse(await apiJson(path, { token }));
    return parsed.success ? { url: parsed.data.url } : { error: failed };
  } catch (error) {
    const message = error instanceof ApiError && error.message ? error.message : failed;
    return isPaymentsOff(error) ? { error: message, paymentsOff: true } : { error: message };
  }
}

/** GET billing_portal: the portal url, or a message for the parent. */
export function loadBillingPortalUrl(token: string): Promise<UrlAnswer> {
  return loadPaymentUrl('/api/stripe/billing_portal', token, PORTAL_FAILED_MESSAGE);
}
