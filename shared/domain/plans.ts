// Plan limits (spec sections 6 and 9). The server enforces them for REST and sync pushes;
// the client shows them and checks early so a parent gets the message without a round trip.

/** No zod here: the pricing page shows these limits on a first visit (decision 043). */
export const PLAN_NAMES = ['free', 'paid'] as const;
export type Plan = (typeof PLAN_NAMES)[number];

export const PLANS = {
  free: { name: 'Free', pricePerMonthUsd: 0, toysLimit: 100, collectionsLimit: 3 },
  paid: { name: 'Premium', pricePerMonthUsd: 6, toysLimit: 500, collectionsLimit: 50 },
} as const satisfies Record<Plan, { name: string; pricePerMonthUsd: number; toysLimit: number; collectionsLimit: number }>;

export function planLimits(plan: Plan): { toysLimit: number; collectionsLimit: number } {
  const limits = plan === 'paid' ? PLANS.paid : PLANS.free;
  return { toysLimit: limits.toysLimit, collectionsLimit: limits.collectionsLimit };
}

export const TOYS_LIMIT_MESSAGE = 'Toys amount reached the limit';
export const FREE_COLLECTIONS_MESSAGE = 'Free account can have up to 3 collections.';
export const PAID_COLLECTIONS_MESSAGE = 'Premium account can have up to 50 collections.';

export function collectionsLimitMessage(plan: Plan): string {
  return plan === 'paid' ? PAID_COLLECTIONS_MESSAGE : FREE_COLLECTIONS_MESSAGE;
}

/**
 * The plan-limit message when one more collection would be too many, else null (spec section 5:
 * free blocked above 2 existing collections, paid above 50). The client shows it before a
 * parent types a name; adding the list checks again.
 */
export function collectionLimitProblem(collectionCount: number, collectionsLimit: number, plan: Plan): string | null {
  return collectionCount >= collectionsLimit ? collectionsLimitMessage(plan) : null;
}

export type CollectionLimit = { plan: Plan; collectionsLimit: number; problem: string | null };

/** The plan and collection limit of the settings (Free until they are known), and the block, if any. */
export function collectionLimit(
  collectionCount: number,
  settings: { plan: Plan; collectionsLimit: number } | null | undefined,
): CollectionLimit {
  const plan = settings?.plan ?? 'free';
  const collectionsLimit = settings?.collectionsLimit ?? PLANS.free.collectionsLimit;
  return { plan, collectionsLimit, problem: collectionLimitProblem(collectionCount, collectionsLimit, plan) };
}
