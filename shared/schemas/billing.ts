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

/**
 * GET /api/stripe/config (public; not in the spec): whether this server takes payments, so the
 * client can skip the Payment calls (which answer 503 while payments are off) on every page.
 */
export const paymentsConfigSchema = z.object({ paymentsEnabled: z.boolean() });
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

// The messages live in a zod-free module, so the app's first page can show them without zod.
export { ALREADY_PREMIUM_MESSAGE, NO_SUBSCRIPTION_MESSAGE, PAYMENT_FAILED_NOTICE, PAYMENTS_OFF_MESSAGE } from './billing-messages.js';
