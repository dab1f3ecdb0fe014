import { collectionsLimitMessage, PLANS } from '../../shared/domain/plans.js';
import type { SettingsDoc } from '../../shared/schemas/docs.js';

/**
 * The plan-limit message when one more collection would be too many, else null (spec section 5:
 * free blocked above 2 existing collections, paid above 50). Shown before a parent types a name;
 * the addList op checks again.
 */
export function collectionLimitProblem(collectionCount: number, collectionsLimit: number, plan: string): string | null {
  return collectionCount >= collectionsLimit ? collectionsLimitMessage(plan) : null;
}

export type CollectionLimit = { plan: SettingsDoc['plan']; collectionsLimit: number; problem: string | null };

/** The plan and collection limit of the local settings (Free until they sync), and the block, if any. */
export function collectionLimit(collectionCount: number, settings: SettingsDoc | null | undefined): CollectionLimit {
  const plan = settings?.plan ?? 'free';
  const collectionsLimit = settings?.collectionsLimit ?? PLANS.free.collectionsLimit;
  return { plan, collectionsLimit, problem: collectionLimitProblem(collectionCount, collectionsLimit, plan) };
}
