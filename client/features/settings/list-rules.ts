// Category and collection name rules (spec section 5): blanks and duplicates are ignored,
// Uncategorized is fixed, and the plan caps the number of collections.
import { collectionsLimitMessage } from '../../../shared/domain/plans.js';
import { UNCATEGORIZED_ID, type ListDoc } from '../../../shared/schemas/docs.js';

export type NameProblem = 'blank' | 'duplicate' | 'fixed';

const normalise = (name: string) => name.trim().toLocaleLowerCase();

/** Why a name cannot be used for a new list (or for `renamingId`), or null when it can. */
export function nameProblem(name: string, siblings: readonly ListDoc[], renamingId?: string): NameProblem | null {
  if (renamingId === UNCATEGORIZED_ID) return 'fixed';
  const wanted = normalise(name);
  if (!wanted) return 'blank';
  if (siblings.some((list) => list.id !== renamingId && normalise(list.name) === wanted)) return 'duplicate';
  return null;
}

/** The plan-limit message when one more collection would be too many, else null. */
export function collectionLimitProblem(collectionCount: number, collectionsLimit: number, plan: string): string | null {
  return collectionCount >= collectionsLimit ? collectionsLimitMessage(plan) : null;
}

export function nextPosition(siblings: readonly ListDoc[]): number {
  return siblings.reduce((max, list) => Math.max(max, list.position), 0) + 1;
}
