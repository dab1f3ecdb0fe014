// Billing messages shared by the server and the app (re-exported by billing.ts). No zod here:
// the app's entry chunk shows PAYMENT_FAILED_NOTICE and must not load zod (issue 16).

export const PAYMENTS_OFF_MESSAGE = 'Payments are not set up on this server';
export const ALREADY_PREMIUM_MESSAGE = 'You already have Premium. Manage your subscription in the billing portal.';
export const NO_SUBSCRIPTION_MESSAGE = 'No subscription to manage yet.';
export const PAYMENT_FAILED_NOTICE = 'Your last payment failed. Update your payment method in the billing portal.';
