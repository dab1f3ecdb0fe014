import { z } from 'zod';

// Answers of the spec's Payment calls (section 7, /api/stripe/*).

/** GET get_product_status. `paymentFailed`: the last invoice failed; the parent should fix it. */
export const productStatusSchema = z.object({
  status: z.enum(['paid', 'free']),
  paymentFailed: z.boolean(),
});
export type ProductStatus = z.infer<typeof productStatusSchema>;

/** GET create_checkout_link_premium and GET billing_portal: where to send the browser. */
export const paymentUrlSchema = z.object({ url: z.string().url() });
export type PaymentUrl = z.infer<typeof paymentUrlSchema>;

/**
 * GET /api/stripe/config (public; not in the spec): whether this server takes payments, so the
 * client can skip the Payment calls (which answer 503 while payments are off) on every page.
 */
export const paymentsConfigSchema = z.object({ paymentsEnabled: z.boolean() });
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

export const PAYMENTS_OFF_MESSAGE = 'Payments are not set up on this server';
export const ALREADY_PREMIUM_MESSAGE = 'You already have Premium. Manage your subscription in the billing portal.';
export const NO_SUBSCRIPTION_MESSAGE = 'No subscription to manage yet.';
export const PAYMENT_FAILED_NOTICE = 'Your last payment failed. Update your payment method in the billing portal.';
