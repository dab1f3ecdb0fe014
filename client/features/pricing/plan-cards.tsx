import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.js';
import { PLANS } from '../../../shared/domain/plans.js';
import { CheckIcon } from '../../components/icons.js';
import type { Plan } from '../../../shared/domain/plans.js';

/** Whole dollars, in the language's way of writing them ($6, 6 $, 6 US$). */
const USD: Intl.NumberFormatOptions = { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 };

type PlanCardsProps = { current?: Plan | null; freeAction?: ReactNode; premiumAction?: ReactNode };

/** Free and Premium, with the limits of shared/domain/plans.ts (spec section 9). */
export function PlanCards({ current, freeAction, premiumAction }: PlanCardsProps) {
  const { t } = useTranslation('pricing');
  const cards = [
    { key: 'free' as const, plan: PLANS.free, action: freeAction },
    { key: 'paid' as const, plan: PLANS.paid, action: premiumAction },
  ];
  return (
    <ul className="plan-cards">
      {cards.map(({ key, plan, action }) => (
        <li key={key} className={key === 'paid' ? 'card plan-card plan-card--featured' : 'card plan-card'} aria-label={t('planLabel', { plan: t(`plans.${key}.name`) })}>
          <h2>{t(`plans.${key}.name`)}</h2>
          <p className="plan-card__price">
            <span className="plan-card__amount">{formatNumber(plan.pricePerMonthUsd, USD)}</span>
            <span className="muted">{t('perMonth')}</span>
          </p>
          <p className="muted">{t(`plans.${key}.blurb`)}</p>
          <ul className="plan-card__features">
            <li>
              <CheckIcon size={18} /> {t('toys', { count: plan.toysLimit })}
            </li>
            <li>
              <CheckIcon size={18} /> {t('collections', { count: plan.collectionsLimit })}
            </li>
            <li>
              <CheckIcon size={18} /> {t('offline')}
            </li>
            <li>
              <CheckIcon size={18} /> {t('sync')}
            </li>
          </ul>
          {current === key && <p className="plan-card__current">{t('current')}</p>}
          {action && <div className="plan-card__action">{action}</div>}
        </li>
      ))}
    </ul>
  );
}
