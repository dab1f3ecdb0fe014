// Plan limits (spec sections 6 and 9). The server enforces them for REST and sync pushes;
// the client shows them and checks early so a parent gets the message without a round trip.

export const PLANS = {
  free: { name: 'Free', pricePerMonthUsd: 0, toysLimit: 100, collectionsLimit: 3 },
  paid: { name: 'Premium', pricePerMonthUsd: 6, toysLimit: 500, collectionsLimit: 50 },
} as const;

export type Plan = keyof typeof PLANS;

export function planLimits(plan: string): { toysLimit: number; collectionsLimit: number } {
  const limits = plan === 'paid' ? PLANS.paid : PLANS.free;
  return { toysLimit: limits.toysLimit, collectionsLimit: limits.collectionsLimit };
}

export const TOYS_LIMIT_MESSAGE = 'Toys amount reached the limit';
export const FREE_COLLECTIONS_MESSAGE = 'Free account can have up to 3 collections.';
export const PAID_COLLECTIONS_MESSAGE = 'Premium account can have up to 50 collections.';

export function collectionsLimitMessage(plan: string): string {
  return plan === 'paid' ? PAID_COLLECTIONS_MESSAGE : FREE_COLLECTIONS_MESSAGE;
}
