import { paymentUrlSchema, productStatusSchema, type ProductStatus } from '../../../shared/schemas/billing';
import { ApiError, apiJson } from '../../app/api';

// Spec section 7 "Payment" calls used by the failed-payment notice.

export const AUTH_TOKEN_KEY = 'authToken'; // spec section 9: local storage keys

export const PORTAL_FAILED_MESSAGE = 'The billing portal could not be opened. Please try again later.';

/** The token the spec keeps in local storage; null when signed out or storage is blocked. */
export function storedToken(): string | null {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

/**
 * GET get_product_status. Null when there is nothing to show: payments off (503), offline,
 * signed out, or an answer of another shape. Only an abort is rethrown.
 */
export async function loadProductStatus(token: string, signal?: AbortSignal): Promise<ProductStatus | null> {
  try {
    const parsed = productStatusSchema.safeParse(await apiJson('/api/stripe/get_product_status', { token, signal }));
    return parsed.success ? parsed.data : null;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return null;
  }
}

/** GET billing_portal: the portal url, or a message for the parent. */
export async function loadBillingPortalUrl(token: string): Promise<{ url: string } | { error: string }> {
  try {
    const parsed = paymentUrlSchema.safeParse(await apiJson('/api/stripe/billing_portal', { token }));
    return parsed.success ? { url: parsed.data.url } : { error: PORTAL_FAILED_MESSAGE };
  } catch (error) {
    return { error: error instanceof ApiError && error.message ? error.message : PORTAL_FAILED_MESSAGE };
  }
}
