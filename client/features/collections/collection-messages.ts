import type { TFunction } from 'i18next';
import { sameListName } from '../../../shared/domain/list-names.js';
import { PLANS, type Plan } from '../../../shared/domain/plans.js';

// The collections screen's words for what shared/domain says in English (list-name-problem.ts,
// plans.ts, over-limit.ts): the same checks, in the language shown.

/** Why a new collection with this name would change nothing, or null when it goes through. */
export function collectionNameProblem(t: TFunction<'collections'>, collections: readonly { name: string }[], typed: string): string | null {
  const name = typed.trim();
  if (!name) return t('nameNeeded');
  const clash = collections.find((collection) => sameListName(collection.name, name));
  return clash ? t('nameTaken', { name: clash.name }) : null;
}

/** The plan's limit, when one more collection would be too many. */
export function collectionLimitText(t: TFunction<'collections'>, plan: Plan): string {
  return plan === 'paid' ? t('limit.paid', { limit: PLANS.paid.collectionsLimit }) : t('limit.free', { limit: PLANS.free.collectionsLimit });
}

/** Above the list when collections added offline went past the plan's limit. */
export function collectionsOverLimitText(t: TFunction<'collections'>, count: number, limit: number, plan: Plan): string {
  const over = count - limit;
  const toRemove = over + 1;
  const remove = plan === 'paid' ? t('overLimit.remove', { count: toRemove }) : t('overLimit.removeOrUpgrade', { count: toRemove, plan: PLANS.paid.name });
  return [t('overLimit.summary', { total: count, limit }), t('overLimit.marked', { count: over, badge: t('overLimit.badge') }), remove].join(' ');
}
