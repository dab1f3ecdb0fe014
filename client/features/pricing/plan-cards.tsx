import type { ReactNode } from 'react';
import { PLANS } from '../../../shared/domain/plans.js';
import { CheckIcon } from '../../components/icons.js';
import type { Plan } from '../../../shared/domain/plans.js';

type PlanCardsProps = { current?: Plan | null; freeAction?: ReactNode; premiumAction?: ReactNode };

/** Free and Premium, with the limits of shared/domain/plans.ts (spec section 9). */
export function PlanCards({ current, freeAction, premiumAction }: PlanCardsProps) {
  const cards = [
    { key: 'free' as const, plan: PLANS.free, blurb: 'Everything you need to start rotating.', action: freeAction },
    { key: 'paid' as const, plan: PLANS.paid, blurb: 'For big toy collections and busy families.', action: premiumAction },
  ];
  return (
    <ul className="plan-cards">
      {cards.map(({ key, plan, blurb, action }) => (
        <li key={key} className={key === 'paid' ? 'card plan-card plan-card--featured' : 'card plan-card'} aria-label={`${plan.name} plan`}>
          <h2>{plan.name}</h2>
          <p className="plan-card__price">
            <span className="plan-card__amount">${plan.pricePerMonthUsd}</span>
            <span className="muted">/month</span>
          </p>
          <p className="muted">{blurb}</p>
          <ul className="plan-card__features">
            <li>
              <CheckIcon size={18} /> Up to {plan.toysLimit} toys
            </li>
            <li>
              <CheckIcon size={18} /> Up to {plan.collectionsLimit} collections
            </li>
            <li>
              <CheckIcon size={18} /> Random rotations, works offline
            </li>
            <li>
              <CheckIcon size={18} /> Sync between your devices
            </li>
          </ul>
          {current === key && <p className="plan-card__current">Your current plan</p>}
          {action && <div className="plan-card__action">{action}</div>}
        </li>
      ))}
    </ul>
  );
}
