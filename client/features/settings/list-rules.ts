import { collectionsLimitMessage } from '../../../shared/domain/plans.js';

/**
 * The plan-limit message when one more collection would be too many, else null (spec section 5:
 * free blocked above 2 existing collections, paid above 50). Shown before a parent types a name;
 * the addList op checks again.
 */
export function collectionLimitProblem(collectionCount: number, collectionsLimit: number, plan: string): string | null {
  return collectionCount >= collectionsLimit ? collectionsLimitMessage(plan) : null;
}
