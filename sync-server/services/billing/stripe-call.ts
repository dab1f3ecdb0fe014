import Stripe from 'stripe';
import { HttpError } from '../../lib/http-error.js';

export const STRIPE_DOWN_MESSAGE = 'The payment service could not be reached. Please try again in a few minutes.';

/**
 * Runs a Stripe call for a signed-in parent. Stripe's own errors name API details a parent
 * cannot act on, so they are logged and answered as one readable 502.
 */
export async function callStripe<T>(log: (line: string) => void, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    log(`stripe: ${what} failed: ${error.type} ${error.statusCode ?? ''} ${error.message}`);
    throw new HttpError(502, STRIPE_DOWN_MESSAGE);
  }
}

/** Stripe fields that hold either an id or the expanded object. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}
