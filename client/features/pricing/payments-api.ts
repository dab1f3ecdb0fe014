import { ApiError, apiJson } from '../../app/api';

// Spec section 7 "Payment". Until Stripe is configured the server answers these with
// 503 {error: 'Payments are not set up on this server'} and the page says so.

export const PAYMENTS_OFF_MESSAGE = 'Payments are not set up on this server';

export type ProductStatus = { kind: 'status'; status: string } | { kind: 'payments-off' } | { kind: 'unknown'; message: string };

export async function fetchProductStatus(token: string): Promise<ProductStatus> {
  try {
    const data = await apiJson<{ status?: string }>('/api/stripe/get_product_status', { token });
    return { kind: 'status', status: data?.status ?? 'free' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 503) return { kind: 'payments-off' };
    return { kind: 'unknown', message: error instanceof ApiError ? error.message : '' };
  }
}

export type RedirectResult = { kind: 'redirect'; url: string } | { kind: 'payments-off' } | { kind: 'error'; message: string };

/** Asks for a Stripe URL (checkout or billing portal); the caller sends the browser there. */
export async function fetchPaymentUrl(path: '/api/stripe/create_checkout_link_premium' | '/api/stripe/billing_portal', token: string): Promise<RedirectResult> {
  try {
    const data = await apiJson<{ url?: string }>(path, { token });
    if (data?.url) return { kind: 'redirect', url: data.url };
    return { kind: 'error', message: 'The payment page could not be opened. Please try again later.' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 503) return { kind: 'payments-off' };
    const message = error instanceof ApiError && error.message ? error.message : 'The payment page could not be opened. Please try again later.';
    return { kind: 'error', message };
  }
}
