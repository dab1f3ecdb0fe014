import { useTranslation } from 'react-i18next';
import type { Plan } from '../../../shared/domain/plans.js';
import { PLANS } from '../../../shared/domain/plans.js';

type ToysOverLimitNoticeProps = { count: number; limit: number; plan: Plan };

/**
 * What the parent reads above the inventory when toys added offline went past the plan's limit
 * (the words of shared/domain/over-limit.ts, in the language shown): how many, that nothing was
 * deleted, and how many to remove (or the upgrade) before adding again.
 */
export function ToysOverLimitNotice({ count, limit, plan }: ToysOverLimitNoticeProps) {
  const { t } = useTranslation('inventory');
  const over = count - limit;
  const toRemove = over + 1;
  const badge = t('overLimit.badge');
  const remove =
    plan === 'paid'
      ? t('overLimit.remove', { count: toRemove })
      : t('overLimit.removeOrUpgrade', { count: toRemove, plan: PLANS.paid.name });
  return [t('overLimit.summary', { total: count, limit }), t('overLimit.marked', { count: over, badge }), remove].join(' ');
}
